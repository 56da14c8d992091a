import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issues 15.7 and 16.2 in Chromium: a receipt confirmed (through the API), wh001 drafts a putaway task
 * on 上架任务 — the receipt picked by its code, its batch in the receiving area picked, quantity and
 * shelf typed — shelves it, finds the line shelved on the 上架单 list and prints it from there.
 */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

async function rowAction(page: Page, action: string, title: string) {
  const direct = rows(page).first().locator(`[data-action="${action}"]`);
  if (await direct.count()) return direct.click();
  await rows(page).first().getByText('更多').hover();
  await page.locator('.ant-dropdown-menu-item', { hasText: title }).click();
}

describe('putaway in the browser', () => {
  let browser: Browser;
  let receiptCode = '';
  let commodityName = '';
  beforeAll(async () => {
    browser = await openBrowser();
    const hq = await signIn('hq001');
    const relations = await call<{ list: { id: number }[] }>(
      'POST',
      '/api/v1/product/supplierCommodity/findByPage',
      { pageNo: 1, pageSize: 1, supplierId: 3, status: 1 },
      hq.token,
    );
    const po = await call<{ id: number; itemList: { id: number; commodityName: string }[] }>(
      'POST',
      '/api/v1/purchase/purchaseOrder/add',
      {
        supplierId: 3,
        warehouseId: 21,
        expectedDate: '2026-12-01',
        itemList: [{ supplierCommodityId: relations.list[0]!.id, quantity: 30 }],
      },
      hq.token,
    );
    await call('POST', `/api/v1/purchase/purchaseOrder/submit/${po.id}`, {}, hq.token);
    const receipt = await call<{ id: number; code: string }>(
      'POST',
      '/api/v1/storage/purchaseReceipt/add',
      {
        purchaseOrderId: po.id,
        itemList: [{ poItemId: po.itemList[0]!.id, realQuantity: 30, productionDate: '2026-11-20' }],
      },
      hq.token,
    );
    await call('POST', `/api/v1/storage/purchaseReceipt/confirm/${receipt.id}`, {}, hq.token);
    receiptCode = receipt.code;
    commodityName = po.itemList[0]!.commodityName;
  });
  afterAll(() => browser?.close());

  it('wh001 shelves the receipt’s goods, lists and prints them', { timeout: 180_000 }, async () => {
    const { context, page } = await openConsole(browser, 'wh001', '/dacang/warehouse/putawayTaskList');
    await waitForApp(page, 'dacang');
    await page.getByRole('button', { name: /新增上架任务/ }).click();
    const drawer = page.locator('.ant-modal, .ant-drawer', { hasText: '新增上架任务' }).last();
    await drawer.locator('.ant-select', { hasText: '请选择收货单' }).click();
    await page.keyboard.type(receiptCode);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: receiptCode })
      .click();
    const pickLines = drawer.getByRole('button', { name: '批量选择上架明细' });
    await expect.poll(() => pickLines.isDisabled()).toBe(false);
    await pickLines.click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择上架明细$/ }),
    });
    await chooser.locator('.ant-table-row').first().waitFor();
    // The receipt's one batch, in the receiving area.
    await expect.poll(() => chooser.locator('.ant-table-row').count()).toBe(1);
    await chooser.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    const line = drawer.locator('.ant-table-row').first();
    await line.getByPlaceholder('请输入上架数量').fill('30');
    await line.getByPlaceholder('请输入目标货位').fill('E2E-01');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/storage/putaway/add'));
    await drawer.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result).toMatchObject({ success: true });
    await drawer.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('上架单号、收货单号或供应商').fill(receiptCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await rowAction(page, 'transition:shelve', '确认上架');
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows(page).first().innerText()).toContain('已上架');

    // 上架单: the line, shelved, on its shelf.
    await page.goto(page.url().replace(/\/dacang\/.*$/, '/dacang/warehouse/putawayList'));
    await waitForApp(page, 'dacang');
    await page.getByTestId('list-search').locator('input').first().fill(receiptCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    const text = await rows(page).first().innerText();
    expect(text).toContain(receiptCode);
    expect(text).toContain('E2E-01');

    // The print page of the receipt's putaway goods.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      rowAction(page, 'print:unupList', '打印上架单'),
    ]);
    await tab.locator('.pr-root[data-print-ready="true"]').first().waitFor({ timeout: 30_000 });
    expect(new URL(tab.url()).pathname).toBe(`/print/unupList/${receiptCode}`);
    const sheet = await tab.locator('.pr-root').innerText();
    expect(sheet).toContain(commodityName);
    expect(sheet).toContain('E2E-01');
    expect(sheet).toContain('已上架');
    await context.close();
  });
});
