import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBytes, openBrowser } from './browser';
import { base, openConsole } from './shell-helpers';

/**
 * Issue 6 / SPEC 2.13, 5, 7.4, 7.10, 8: the printer dialogs, the download centre and the data export
 * centre in Chromium, on the panels harness (/__panels).
 */
const HARNESS = '/__panels';
// The newest toast: an earlier one with the same text may still be fading out.
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();

describe('printers, download centre, export centre', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it("printer defaults are set in v1, set and cancelled in v2, each with '操作成功'", async () => {
    const { context, page } = await openConsole(browser, 'wh001', HARNESS);
    await page.locator('[data-open-panel="printerV1"]').click();
    const v1 = page.locator('[data-printer-table="v1"]');
    const second = v1.locator('[data-set-default]').nth(1);
    const id = await second.getAttribute('data-set-default');
    await second.click();
    await toast(page, '操作成功').waitFor();
    // The default comes first, marked, and cannot be set again.
    await expect.poll(() => v1.locator('tbody tr.ant-table-row').first().textContent()).toContain('默认');
    // The table reloads after the change: wait for the re-rendered button rather than asking once.
    await expect.poll(() => v1.locator(`[data-set-default="${id}"]`).isDisabled()).toBe(true);
    await page.locator('.ant-modal-close').click();

    await page.locator('[data-open-panel="printerV2"]').click();
    const v2 = page.locator('[data-printer-table="v2"]');
    await v2.locator('[data-set-default]').first().click();
    await toast(page, '操作成功').waitFor();
    const cancel = v2.locator('[data-cancel-default]');
    await cancel.waitFor();
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await cancel.click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => cancel.count()).toBe(0);

    // Search by online status.
    await page.locator('[data-field="monitorStatus"]').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '离线' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => [...new Set(await v2.locator('tbody .ant-badge-status-text').allTextContents())])
      .toEqual(['离线']);
    await context.close();
  });

  it('the download centre shows the seeded apps with two systems, sizes, history and the copied link', async () => {
    const { context, page } = await openConsole(browser, 'md001', HARNESS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await page.locator('[data-open-panel="downloadCenter"]').click();
    const cards = page.locator('[data-app-card]');
    await expect.poll(() => cards.count()).toBe(3);
    await cards.first().click();
    const detail = page.locator('[data-app-detail]');
    await detail.waitFor();
    expect(await detail.locator('.ant-tabs-tab').allTextContents()).toEqual(['Android', 'iOS']);
    const qr = detail.locator('.ant-tabs-tabpane-active [data-qr]');
    expect(await qr.getAttribute('width')).toBe('80');
    expect(await detail.locator('.ant-tabs-tabpane-active [data-size]').first().textContent()).toMatch(
      /^\d+\.\dMB$/,
    );
    expect(await detail.locator('.ant-tabs-tabpane-active [data-history]').count()).toBe(3);
    await detail
      .locator('.ant-tabs-tabpane-active [data-history="3.1.0"]')
      .getByRole('button', { name: '查看' })
      .click();
    await expect
      .poll(() => detail.locator('.ant-tabs-tabpane-active [data-size]').first().textContent())
      .toBe('暂无');
    await detail.locator('.ant-tabs-tabpane-active [data-copy]').click();
    await toast(page, '复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/3\.1\.0\.apk$/);
    await detail.locator('.ant-tabs-tab').filter({ hasText: 'iOS' }).click();
    await detail.locator('.ant-tabs-tabpane-active [data-version="3.2.1"]').waitFor();
    await context.close();
  });

  it(
    'an export of the 5,040-row price list finishes, downloads as a valid .xlsx, and its link fails on second use',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openConsole(browser, 'hq001', HARNESS);
      await page.locator('[data-export="admin/priceList"]').click();
      await toast(page, '已加入导出任务').waitFor();
      // Its own job: other e2e files export other lists as hq001 too (one server for the whole run).
      const row = page
        .locator('[data-export-center] tbody tr.ant-table-row', { hasText: '商品价格表' })
        .first();
      await expect
        .poll(() => row.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 120_000 })
        .toBe('2');
      expect(await row.textContent()).toContain('5040');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.locator('[data-download]').click(),
      ]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await downloadedBytes(download)) as never);
      const sheet = wb.worksheets[0]!;
      expect(sheet.rowCount).toBe(5041);
      expect(sheet.getRow(1).getCell(6).value).toBe('价格类型');
      const labels = new Set<unknown>();
      sheet.eachRow((r, n) => n > 1 && labels.add(r.getCell(6).value));
      expect([...labels].sort()).toEqual(['会员价', '批发价', '零售价']);

      // The link was spent by the download.
      const again = await fetch(download.url());
      expect(again.status).toBe(410);
      expect(download.url()).not.toMatch(/token=/);
      await context.close();
    },
  );
});
