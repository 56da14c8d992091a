import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 15.9 in Chromium: wh001 creates a return to supplier (退供单) of a batch picked from his
 * warehouse's stock, with a quantity, price and reason; hq001 approves it in the /dacang approval
 * centre; wh001 ships it (退货出库); 库存查询 shows the batch smaller and 库存流水 the 退供出库 row.
 */
const WAREHOUSE = 21; // 杭州中心大仓, wh001's
const LIST = '/dacang/stock/supplierReturnList';

interface Batch {
  commodityCode: string;
  commodityName: string;
  batchNo: string;
  shelfCode: string;
  quantity: number;
}

describe('returns to supplier in the browser', () => {
  let browser: Browser;
  let batch: Batch;
  let supplier = '';
  beforeAll(async () => {
    browser = await openBrowser();
    const wh = await signIn('wh001');
    // A batch from deep in the warehouse's stock list (other browser tests receive and move other goods).
    const stock = await call<{ list: Batch[] }>(
      'POST',
      '/api/v1/storage/stock/findByPage',
      { pageNo: 3, pageSize: 20, warehouseId: WAREHOUSE },
      wh.token,
    );
    batch = stock.list.find((b) => b.quantity >= 10)!;
    expect(batch).toBeDefined();
    const suppliers = await call<{ list: { name: string }[] }>(
      'POST',
      '/api/v1/product/supplier/findByPage',
      { pageNo: 1, pageSize: 5, status: [1] },
      wh.token,
    );
    supplier = suppliers.list[3]!.name;
  });
  afterAll(() => browser?.close());

  it('creates, approves and ships a return; the stock goes down', { timeout: 150_000 }, async () => {
    const { context, page } = await openConsole(browser, 'wh001', LIST);
    await waitForApp(page, 'dacang');
    await page.getByRole('button', { name: '新增退供单' }).click();
    const form = formOf(page, '新增退供单');
    // The batches wait for the warehouse.
    const pickLines = form.getByRole('button', { name: '批量选择退货明细' });
    await expect.poll(() => pickLines.isDisabled()).toBe(true);
    await pick(page, form, '请选择供应商', supplier, supplier);
    await pick(page, form, '请选择退货仓库', '杭州中心大仓');
    await expect.poll(() => pickLines.isDisabled()).toBe(false);
    await pickLines.click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择退货明细$/ }),
    });
    // The batches of a commodity are told apart by what the line copies: shelf, batch, expiry.
    await chooser.getByPlaceholder('输入编码或名称搜索').fill(batch.commodityCode);
    await chooser.getByPlaceholder('输入编码或名称搜索').press('Enter');
    const option = chooser
      .locator('.ant-table-row', { hasText: batch.batchNo })
      .filter({ hasText: batch.shelfCode });
    await expect.poll(() => option.count()).toBe(1);
    await expect(option.innerText()).resolves.toContain(batch.commodityName);
    await option.locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    const line = form.locator('.ant-table-row').first();
    await line.getByPlaceholder('请输入退货数量').fill('2.5');
    await line.getByPlaceholder('请输入退货单价').fill('8.4');
    await pick(page, line, '请选择退货原因', '临期');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/storage/supplierReturn/add'));
    await form.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const ret = answer.data as { code: string; status: number; totalAmount: number };
    expect(ret).toMatchObject({ status: 1, totalAmount: 21 });
    await form.waitFor({ state: 'hidden' });
    await context.close();

    // Headquarters approves in the warehouse app's approval centre.
    await approveInCentre(browser, 'hq001', 'dacang', ret.code);

    const ship = await openConsole(browser, 'wh001', `${LIST}?keyword=${ret.code}`);
    await waitForApp(ship.page, 'dacang');
    const row = rows(ship.page).filter({ hasText: ret.code }).first();
    await expect.poll(() => row.innerText()).toContain('待退货');
    await rowAction(ship.page, row, 'transition:outbound', '退货出库');
    await confirm(ship.page);
    await expect.poll(() => row.innerText()).toContain('已出库');

    // The batch is 2.5 smaller, and its ledger names the return.
    await ship.page.goto(
      ship.page.url().replace(/\/dacang\/.*$/, `/dacang/stock/stockList?keyword=${batch.batchNo}`),
    );
    await waitForApp(ship.page, 'dacang');
    // The batch's row on its shelf holds 2.5 less (a batch number may also name goods elsewhere).
    const left = (Math.round(batch.quantity * 1000 - 2500) / 1000).toFixed(3);
    const held = rows(ship.page)
      .filter({ hasText: '杭州中心大仓' })
      .filter({ hasText: batch.shelfCode })
      .filter({ hasText: left })
      .first();
    await held.waitFor();
    await held.getByText('流水').click();
    const moved = rows(ship.page).filter({ hasText: ret.code });
    await moved.first().waitFor();
    const text = await moved.first().innerText();
    expect(text).toContain('退供出库');
    expect(text).toContain('-2.5');
    await ship.context.close();
  });
});
