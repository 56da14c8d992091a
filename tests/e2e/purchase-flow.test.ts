import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { openConsole, waitForApp } from './shell-helpers';

/**
 * Issue 15 in Chromium, on the real console: the category tree page (nested rows, a child added from
 * its parent's row), the commodity list filtered by a category at any level, and a purchase order
 * created with pickers (supplier, warehouse, the supplier's commodities) whose totals are live and then
 * the server's, submitted and approved at once below the approval amount.
 */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('products and purchasing in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the category tree and adds a child from its parent', { timeout: 90_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/product/categoryList');
    await waitForApp(page, 'admin');
    // Top levels open: 水果 › 柑橘类 nested under it; no paging on a tree page.
    const citrus = rows(page).filter({ hasText: '柑橘类' }).first();
    await citrus.waitFor();
    expect(await page.locator('.fr-table-card .ant-pagination').count()).toBe(0);
    await citrus.locator('[data-action^="create:"]').click();
    const modal = page.locator('.ant-modal', { hasText: '新增分类' });
    // The parent comes from the row: the tree select shows its name.
    await modal.locator('.ant-select-selection-item', { hasText: '柑橘类' }).waitFor();
    await modal.getByPlaceholder('请输入分类编码').fill('010188');
    await modal.getByPlaceholder('请输入分类名称').fill('金柑');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/product/category/add'));
    await modal.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.data).toMatchObject({ level: 3, pathName: '水果 › 柑橘类 › 金柑' });
    await modal.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('filters commodities by a first-level category', { timeout: 90_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/product/commodityList');
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    const picker = page.locator('.fr-list .ant-select', { hasText: '请选择分类' });
    await picker.click();
    await page.keyboard.type('水产');
    await page.locator('.ant-select-tree-node-content-wrapper:visible', { hasText: /^水产$/ }).click();
    const listed = page.waitForResponse((r) => r.url().includes('/commodity/getPageForCommon'));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const body = await (await listed).json();
    const names = (body.data.list as { categoryName: string }[]).map((r) => r.categoryName);
    expect(names.length).toBeGreaterThan(5);
    for (const n of names) expect(n.startsWith('水产 › ')).toBe(true);
    await context.close();
  });

  it('creates a purchase order with pickers and submits it', { timeout: 120_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/purchase/purchaseOrderList');
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: /新增采购订单/ }).click();
    const drawer = page.locator('.ant-modal, .ant-drawer', { hasText: '新增采购订单' }).last();
    // The supplier's commodities wait for the supplier.
    const pickLines = drawer.getByRole('button', { name: '批量选择采购明细' });
    await expect.poll(() => pickLines.isDisabled()).toBe(true);

    await drawer.locator('.ant-select', { hasText: '请选择供应商' }).click();
    await page.keyboard.type('绿源');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '赣州绿源果业' })
      .click();
    await drawer.locator('.ant-select', { hasText: '请选择收货仓库' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '杭州中心大仓' })
      .click();
    await drawer.getByPlaceholder('请选择预计到货日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();

    await expect.poll(() => pickLines.isDisabled()).toBe(false);
    await pickLines.click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择采购明细$/ }),
    });
    const options = chooser.locator('.ant-table-row');
    await options.first().waitFor();
    await options.nth(0).locator('.ant-checkbox-input').check();
    await options.nth(1).locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 2 项' }).click();
    await expect.poll(() => drawer.locator('.ant-table-row').count()).toBe(2);
    await drawer.locator('.ant-table-row').nth(0).getByPlaceholder('请输入采购数量').fill('10');
    await drawer.locator('.ant-table-row').nth(1).getByPlaceholder('请输入采购数量').fill('4');

    const created = page.waitForResponse((r) => r.url().includes('/api/v1/purchase/purchaseOrder/add'));
    await drawer.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const po = answer.data as {
      orderCode: string;
      totalAmount: number;
      itemList: { quantity: number; price: number; amount: number }[];
    };
    expect(po.itemList.map((l) => l.quantity)).toEqual([10, 4]);
    const cents = po.itemList.reduce((a, l) => a + Math.round(l.quantity * l.price * 100), 0);
    expect(Math.round(po.totalAmount * 100)).toBe(cents);
    await drawer.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('单号、供应商或备注').fill(po.orderCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(rows(page).first().innerText()).resolves.toContain('草稿');
    await rows(page).first().getByText('更多').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '提交' }).click();
    await confirm(page);
    // Below 20,000 yuan the order passes at once.
    await expect.poll(() => rows(page).first().innerText()).toContain('已审批');
    await context.close();
  });
});
