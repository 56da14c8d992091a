import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 18.1 in Chromium: hq001 attaches a PDF to a draft supplier contract through the edit form
 * (PrivateFileUpload: private upload, the path saved on the row) and downloads it from the detail
 * drawer's link, which fetches it through the guarded route (docs/schemas.md 'Private files').
 */
const LIST = '/admin/settlement/contractList';

type Row = Record<string, unknown>;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

describe('contract attachment in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it(
    'hq001 uploads a PDF in the edit form and downloads it from the detail',
    { timeout: 120_000 },
    async () => {
      const hq = await signIn('hq001');
      const contract = await call<Row>(
        'POST',
        '/api/v1/finance/contract/add',
        {
          contractName: '附件浏览器测试合同',
          contractType: 1,
          supplierId: 3,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          paymentDays: 30,
        },
        hq.token,
      );
      const code = String(contract.contractCode);
      const { context, page } = await openConsole(browser, 'hq001', `${LIST}?keyword=${code}`);
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      await rows(page).first().locator('[data-action="edit:1"]').click();
      const m = page.locator('.ant-modal', { hasText: '编辑供应商合同' });
      const uploaded = page.waitForResponse((r) => r.url().includes('/gateApi/pvUpload/restUpload'));
      await m
        .locator('[data-private-upload="attachment"] input[type="file"]')
        .setInputFiles({ name: '签约扫描件.pdf', mimeType: 'application/pdf', buffer: PDF });
      expect((await uploaded).status()).toBe(200);
      await m.locator('[data-private-file="签约扫描件.pdf"]').waitFor();
      const saved = page.waitForRequest((r) => r.url().includes('/api/v1/finance/contract/update'));
      await m.getByTestId('form-submit').click();
      expect((await saved).postDataJSON().attachment).toMatch(/\/签约扫描件\.pdf$/);
      await m.waitFor({ state: 'hidden' });

      await rows(page).first().getByText(code).click();
      const drawer = page.locator('.ant-drawer');
      const link = drawer.locator('[data-private-file="签约扫描件.pdf"]');
      await link.waitFor();
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('签约扫描件.pdf');
      const bytes = await downloadedBytes(file);
      expect(bytes.equals(PDF)).toBe(true);
      await context.close();
    },
  );
});
