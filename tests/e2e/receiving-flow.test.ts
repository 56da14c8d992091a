import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 15.7 in Chromium: warehouse staff receive an approved purchase order on 采购收货 — the order
 * picked by its code, its lines picked many at once, quantities and production dates typed, the expiry
 * shown from the shelf life — confirm it, and find the batch on 库存查询.
 */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('receiving in the browser', () => {
  let browser: Browser;
  let orderCode = '';
  beforeAll(async () => {
    browser = await openBrowser();
    // An approved order of two lines (below 20,000 yuan: approved when submitted).
    const hq = await signIn('hq001');
    const relations = await call<{ list: { id: number }[] }>(
      'POST',
      '/api/v1/product/supplierCommodity/findByPage',
      { pageNo: 1, pageSize: 2, supplierId: 2, status: 1 },
      hq.token,
    );
    const po = await call<{ id: number; orderCode: string }>(
      'POST',
      '/api/v1/purchase/purchaseOrder/add',
      {
        supplierId: 2,
        warehouseId: 21,
        expectedDate: '2026-12-01',
        itemList: relations.list.map((r) => ({ supplierCommodityId: r.id, quantity: 20 })),
      },
      hq.token,
    );
    await call('POST', `/api/v1/purchase/purchaseOrder/submit/${po.id}`, {}, hq.token);
    orderCode = po.orderCode;
  });
  afterAll(() => browser?.close());

  it('wh001 receives the order and finds the batch in stock', { timeout: 120_000 }, async () => {
    const { context, page } = await openConsole(browser, 'wh001', '/dacang/warehouse/purchaseReceiptList');
    await waitForApp(page, 'dacang');
    await page.getByRole('button', { name: /新增收货单/ }).click();
    const drawer = page.locator('.ant-modal, .ant-drawer', { hasText: '新增采购收货单' }).last();
    const pickLines = drawer.getByRole('button', { name: '批量选择收货明细' });
    await expect.poll(() => pickLines.isDisabled()).toBe(true);
    await drawer.locator('.ant-select', { hasText: '请选择采购订单' }).click();
    await page.keyboard.type(orderCode);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: orderCode })
      .click();
    await expect.poll(() => pickLines.isDisabled()).toBe(false);
    await pickLines.click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择收货明细$/ }),
    });
    await chooser.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => chooser.locator('.ant-table-row').count()).toBe(2);
    for (const n of [0, 1])
      await chooser.locator('.ant-table-row').nth(n).locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 2 项' }).click();
    await expect.poll(() => drawer.locator('.ant-table-row').count()).toBe(2);
    for (const n of [0, 1]) {
      const line = drawer.locator('.ant-table-row').nth(n);
      await line.getByPlaceholder('请输入实收数量').fill(n === 0 ? '20' : '12.5');
      await line.getByPlaceholder('请选择生产日期').click();
      await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    }
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/storage/purchaseReceipt/add'));
    await drawer.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const receipt = answer.data as { code: string; itemList: { expiryDate: string | null }[] };
    expect(receipt.itemList.every((l) => /^\d{4}-\d{2}-\d{2}$/.test(l.expiryDate ?? ''))).toBe(true);
    await drawer.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('收货单号、采购单号或供应商').fill(receipt.code);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    // Row actions beyond the first few sit under 更多.
    const direct = rows(page).first().locator('[data-action="transition:confirm"]');
    if (await direct.count()) await direct.click();
    else {
      await rows(page).first().getByText('更多').hover();
      await page.locator('.ant-dropdown-menu-item', { hasText: '确认收货' }).click();
    }
    await confirm(page);
    await expect.poll(() => rows(page).first().innerText()).toContain('已收货');

    await page.goto(page.url().replace(/\/dacang\/.*$/, `/dacang/stock/stockList?keyword=${receipt.code}`));
    await waitForApp(page, 'dacang');
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect(rows(page).first().innerText()).resolves.toContain(receipt.code);
    await context.close();
  });
});
