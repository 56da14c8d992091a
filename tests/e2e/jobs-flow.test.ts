import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadedBytes, openBrowser } from './browser';
import { BULK_LOGIN_ROWS } from '../fixtures/bulk-rows';
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
    browser = await openBrowser();
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
    'a file with two bad rows imports nothing and reports both; fixed, it is approved into commodities',
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
      expect((await downloadedBytes(template)).toString('utf8')).toBe(`\uFEFF${HEADERS.join(',')}\r\n`);
      await page.keyboard.press('Escape');

      // Two bad rows: a code of five digits (row 3) and a name left empty (row 4).
      const bad = await xlsxFile(dir, '新商品.xlsx', [
        line('980001', '浏览器测试鲜枣'),
        line('98002', '浏览器测试青枣'),
        line('980003', ''),
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
        .toMatch(/有2处错误，未导入任何数据/);
      await expect(notice.locator('[data-job-items]').innerText()).resolves.toMatch(/已处理 3 \/ 3 条/);

      await openCentre(notice, page.locator('[data-export-center="import"]'));
      const job = page.locator('[data-export-center="import"] tbody tr.ant-table-row').first();
      await expect
        .poll(() => job.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 15_000 })
        .toBe('3');
      await job.locator('.ant-table-row-expand-icon').click();
      const errors = page.locator('[data-row-errors] tbody tr.ant-table-row');
      await expect
        .poll(() => errors.allInnerTexts(), { timeout: 15_000 })
        .toEqual([
          expect.stringMatching(/3\s+商品编码\s+商品编码必须是 6 位数字/),
          expect.stringMatching(/4\s+商品名称\s+请输入商品名称/),
        ]);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        job.locator('[data-download]').click(),
      ]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await downloadedBytes(file)) as never);
      expect(wb.worksheets[0]!.getRow(2).values).toEqual([
        undefined,
        3,
        '商品编码',
        '商品编码必须是 6 位数字',
      ]);
      expect(wb.worksheets[0]!.getRow(3).values).toEqual([undefined, 4, '商品名称', '请输入商品名称']);

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
    'an export of 50,000 rows shows its bar moving to done; a job waiting behind it is cancelled',
    { timeout: 240_000 },
    async () => {
      const exportFrom = async (page: Page) => {
        const started = page.waitForResponse(
          (r) => r.url().endsWith('/api/v1/export/jobs') && r.request().method() === 'POST',
        );
        await page.locator('[data-action="export:0"]').click();
        const answer = await (await started).json();
        expect(answer.result.success).toBe(true);
        return answer.data as { id: number };
      };
      const { context, page } = await openConsole(browser, 'hq001', '/admin/system/loginLogList');
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      // The whole login log: the browser tests' server holds 50,000 old sign-ins besides the new ones.
      const big = await exportFrom(page);
      const notice = page.locator(`[data-job-notice="${big.id}"]`);
      await notice.locator('[data-job-progress]').waitFor();
      // The price list, from its page: the worker takes one job at a time, so this one waits.
      await page.goto(page.url().replace(/\/admin\/.*/, '/admin/product/priceList'));
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      const waiting = await exportFrom(page);

      const centre = page.locator('[data-export-center="export"]');
      await page.goto(page.url().replace(/\/admin\/.*/, '/admin/importExport/exportCenterList'));
      await centre.waitFor();
      const jobRow = (id: number) => centre.locator(`tbody tr.ant-table-row[data-row-key="${id}"]`);
      const statusOf = (id: number) =>
        jobRow(id)
          .locator('[data-job-status]')
          .getAttribute('data-job-status', { timeout: 5_000 })
          .catch(() => null);
      // The waiting one is cancelled before it starts.
      await expect.poll(() => statusOf(waiting.id), { timeout: 30_000 }).toBe('0');
      const queued = jobRow(waiting.id);
      await queued.locator('[data-cancel]').click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await expect.poll(() => statusOf(waiting.id), { timeout: 15_000 }).toBe('4');
      await expect(queued.locator('[data-job-status]').innerText()).resolves.toBe('已取消');

      // The big one's bar: rows written of the list's total, rising, until it is done.
      const items = jobRow(big.id).locator('[data-job-items]');
      const seen: number[] = [];
      let total = 0;
      await expect
        .poll(
          async () => {
            // A done row shows its row count instead of the bar: not waited for (30 s each time).
            const text = await items.innerText({ timeout: 1_000 }).catch(() => '');
            const m = /^已处理 (\d+) \/ (\d+) 条/.exec(text);
            if (m) {
              seen.push(Number(m[1]));
              total = Number(m[2]);
            }
            return statusOf(big.id);
          },
          { timeout: 180_000, interval: 500 },
        )
        .toBe('2');
      expect(total).toBeGreaterThanOrEqual(BULK_LOGIN_ROWS);
      // Seen at least twice on the way (the first batches before the rest), never going back.
      expect(seen.filter((n) => n > 0 && n < total).length).toBeGreaterThanOrEqual(2);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      // Done: the row's count and its download.
      const done = jobRow(big.id);
      await expect(done.innerText()).resolves.toContain(`${total} 行`);
      await done.locator('[data-download]').waitFor();

      // The centre stops asking once nothing runs.
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
