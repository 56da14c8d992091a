import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser } from '../fixtures/browser';
import { approveInCentre, employeeWith, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 23 and 15.3 in Chromium: a clerk imports commodities from an xlsx with one bad row (the
 * notification follows the job; the import centre lists the row's error and gives the errors file),
 * fixes the row and imports again (one application), hq001 approves it and the commodities appear.
 * hq001 exports the price list: the centre shows a progress bar per running job and cancels one.
 */
const CLERK = 'e00231';
const PAGE = '/admin/product/commodityImportApplyList';
const HEADERS = [
  '商品编码',
  '商品名称',
  '规格',
  '单位',
  '条码',
  '分类',
  '称重商品',
  '保质期(天)',
  '温层',
  '税率',
  '采购价',
  '零售价',
];
const line = (code: string, name: string) => [
  code,
  name,
  '1kg',
  '袋',
  '',
  '010101',
  '否',
  10,
  '冷藏',
  '9%',
  4.2,
  7.9,
];

async function xlsxFile(dir: string, name: string, data: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEADERS);
  for (const r of data) ws.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

/**
 * Follows a job notification's 前往…中心 link until the centre shows. On a busy machine a click may land
 * while the stacked notifications are still being laid out, and nothing opens: the link is tried again.
 */
async function openCentre(notice: Locator, centre: Locator) {
  await vi.waitFor(
    async () => {
      if (await centre.isVisible()) return;
      await notice.locator('[data-open-center]').click({ timeout: 5_000 });
      await centre.waitFor({ timeout: 10_000 });
    },
    { timeout: 60_000, interval: 500 },
  );
}

/** Opens the import dialog of the page and uploads `file`; answers the job's notification. */
async function upload(page: Page, file: string) {
  await page.locator('[data-action="import:0"]').click();
  const dialog = page.locator('[data-import-dialog]');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.waitFor({ state: 'hidden' });
  return page.locator('[data-job-notice]').last();
}

describe('imports and exports as jobs in the browser', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-import-'));
    await employeeWith(CLERK, 'E2E_IMPORT', [
      PAGE,
      'commodityApply:import',
      '/admin/importExport/importCenterList',
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'a file with a bad row imports nothing and reports the row; fixed, it is approved into commodities',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openConsole(browser, CLERK, PAGE);
      await waitForApp(page, 'admin');
      await page.locator('[data-action="import:0"]').waitFor();

      // The template names the columns by their titles.
      await page.locator('[data-action="import:0"]').click();
      const [template] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-import-template]').click(),
      ]);
      expect(fs.readFileSync(await template.path(), 'utf8')).toBe(`\uFEFF${HEADERS.join(',')}\r\n`);
      await page.keyboard.press('Escape');

      const bad = await xlsxFile(dir, '新商品.xlsx', [
        line('980001', '浏览器测试鲜枣'),
        line('98002', '浏览器测试青枣'),
      ]);
      const notice = await upload(page, bad);
      await expect
        .poll(
          () =>
            notice
              .locator('[data-job-outcome]')
              .innerText()
              .catch(() => ''),
          { timeout: 60_000 },
        )
        .toMatch(/有1处错误，未导入任何数据/);
      await expect(notice.locator('[data-job-items]').innerText()).resolves.toMatch(/已处理 2 \/ 2 条/);

      await openCentre(notice, page.locator('[data-export-center="import"]'));
      const job = page.locator('[data-export-center="import"] tbody tr.ant-table-row').first();
      await expect
        .poll(() => job.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 15_000 })
        .toBe('3');
      await job.locator('.ant-table-row-expand-icon').click();
      const errors = page.locator('[data-row-errors] tbody tr.ant-table-row');
      await expect
        .poll(() => errors.allInnerTexts(), { timeout: 15_000 })
        .toEqual([expect.stringMatching(/3\s+商品编码\s+商品编码必须是 6 位数字/)]);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        job.locator('[data-download]').click(),
      ]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(fs.readFileSync(await file.path()) as never);
      expect(wb.worksheets[0]!.getRow(2).values).toEqual([
        undefined,
        3,
        '商品编码',
        '商品编码必须是 6 位数字',
      ]);

      // Nothing was created; the fixed file becomes one application.
      await page.goto(page.url().replace(/\/admin\/.*/, PAGE));
      await waitForApp(page, 'admin');
      const good = await xlsxFile(dir, '新商品-改.xlsx', [
        line('980001', '浏览器测试鲜枣'),
        line('980002', '浏览器测试青枣'),
      ]);
      const done = await upload(page, good);
      await expect
        .poll(
          () =>
            done
              .locator('[data-job-outcome]')
              .innerText()
              .catch(() => ''),
          { timeout: 60_000 },
        )
        .toBe('已完成');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      const apply = rows(page).first();
      await expect.poll(() => apply.innerText(), { timeout: 15_000 }).toMatch(/待审批|审批中/);
      const code = (await apply.innerText()).match(/DR\d+/)?.[0] ?? '';
      expect(code).toMatch(/^DR\d+$/);
      await context.close();

      await approveInCentre(browser, 'hq001', 'admin', code);
      const hq = await signIn('hq001');
      const listed = await call<{ list: { code: string; name: string }[] }>(
        'POST',
        '/api/v1/product/commodity/getPageForCommon',
        { pageNo: 1, pageSize: 10, keyword: '浏览器测试' },
        hq.token,
      );
      // Other browser tests create commodities named 浏览器测试… too: this import's are the 9800xx ones.
      expect(
        listed.list
          .map((c) => c.code)
          .filter((c) => c.startsWith('9800'))
          .sort(),
      ).toEqual(['980001', '980002']);
    },
  );

  it(
    'an export shows its progress in the centre and a waiting one can be cancelled',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openConsole(browser, 'hq001', '/admin/product/priceList');
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      // Three exports of the whole price list: the worker takes one at a time, so the last one waits.
      for (let i = 0; i < 3; i++) {
        const started = page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/export/jobs') && r.request().method() === 'POST',
        );
        await page.locator('[data-action="export:0"]').click();
        expect((await (await started).json()).result.success).toBe(true);
      }
      const notice = page.locator('[data-job-notice]').first();
      await notice.locator('[data-job-progress]').waitFor();
      const centre = page.locator('[data-export-center="export"]');
      await openCentre(notice, centre);
      const jobs = centre.locator('tbody tr.ant-table-row');
      // A running job shows its bar with the rows written of the list's total.
      await expect
        .poll(() => centre.locator('[data-job-progress] [data-job-items]').allInnerTexts(), {
          timeout: 60_000,
        })
        .toContainEqual(expect.stringMatching(/^已处理 \d+ \/ \d+ 条/));
      const newest = jobs.first();
      await newest.locator('[data-cancel]').click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      // The centre shows the cancel once its next answer arrives (a busy machine takes more than a second).
      await expect
        .poll(() => newest.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 15_000 })
        .toBe('4');
      await expect(newest.locator('[data-job-status]').innerText()).resolves.toBe('已取消');
      // The other two finish; the centre stops asking once nothing runs.
      await expect
        .poll(
          async () =>
            (
              await jobs
                .locator('[data-job-status]')
                .evaluateAll((e) => e.map((x) => x.getAttribute('data-job-status')))
            ).slice(1, 3),
          { timeout: 120_000 },
        )
        .toEqual(['2', '2']);
      let asked = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/export/jobs?')) asked++;
      });
      await page.waitForTimeout(2500);
      expect(asked).toBe(0);
      await context.close();
    },
  );
});
