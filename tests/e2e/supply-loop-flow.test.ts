import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../fixtures/browser';
import { confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 16.3 in Chromium: md001 orders one commodity from 杭州中心大仓 (门店要货, picked through
 * 批量选择) and submits it (below 5,000 yuan: approved at once, its pick order created); wh001 finds the
 * pick order by the store order's code, assigns a picker, types the real quantity and finishes it;
 * the warehouse's stock of the commodity is then locked by that quantity, its total unchanged.
 */
const WAREHOUSE = 21;

interface Stock {
  commodityCode: string;
  shelfCode: string;
  availableQuantity: number;
  quantity: number;
  lockedQuantity: number;
  frozenBy: string | null;
}

describe('the supply loop in the browser', () => {
  let browser: Browser;
  let code = '';
  const stockOf = async (commodityCode: string) => {
    const list = (
      await call<{ list: Stock[] }>(
        'POST',
        '/api/v1/storage/stock/findByPage',
        { pageNo: 1, pageSize: 100, warehouseId: WAREHOUSE, commodityCode },
        (await signIn('hq001')).token,
      )
    ).list;
    const sum = (f: 'quantity' | 'lockedQuantity') =>
      Math.round(list.reduce((s, r) => s + Number(r[f]), 0) * 1000) / 1000;
    return { quantity: sum('quantity'), locked: sum('lockedQuantity') };
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    const stock = await call<{ list: Stock[] }>(
      'POST',
      '/api/v1/storage/stock/findByPage',
      { pageNo: 6, pageSize: 20, warehouseId: WAREHOUSE },
      (await signIn('hq001')).token,
    );
    code = stock.list.find(
      (s) => s.shelfCode !== '在途' && !s.frozenBy && s.availableQuantity >= 5,
    )!.commodityCode;
    expect(code).toBeTruthy();
  });
  afterAll(() => browser?.close());

  it('md001 orders, wh001 picks, the picked quantity is locked', { timeout: 180_000 }, async () => {
    const md = await openConsole(browser, 'md001', '/admin/shop/storeOrderList');
    await waitForApp(md.page, 'admin');
    const page = md.page;
    await page.getByRole('button', { name: '新增要货单' }).click();
    const form = formOf(page, '新增要货单');
    await pick(page, form, '请选择配送仓', '杭州中心大仓', 'W01');
    await form.getByPlaceholder('请选择配送日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    await pick(page, form, '请选择配送批次', '第一批次');
    await form.getByRole('button', { name: '批量选择要货商品' }).click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择要货商品$/ }),
    });
    const search = chooser.getByPlaceholder('输入编码或名称搜索');
    await search.fill(code);
    await search.press('Enter');
    const found = chooser.locator('.ant-table-row', { hasText: code }).first();
    await found.waitFor();
    await found.locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    await form.locator('.ant-table-row').first().getByPlaceholder('请输入要货数量').fill('3');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/shop/storeOrder/add'));
    await form.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const order = answer.data as { id: number; orderCode: string; storeName: string };
    expect(order.storeName).toBe('杭州文三路店');
    await form.waitFor({ state: 'hidden' });
    const row = rows(page).filter({ hasText: order.orderCode }).first();
    await expect.poll(() => row.innerText()).toContain('草稿');
    await rowAction(page, row, 'transition:submit', '提交');
    await confirm(page);
    await expect.poll(() => row.innerText()).toContain('已审核');
    await md.context.close();

    const before = await stockOf(code);
    const wh = await openConsole(
      browser,
      'wh001',
      `/dacang/distribution/pickOrderList?storeOrderCode=${order.orderCode}`,
    );
    await waitForApp(wh.page, 'dacang');
    const pickRow = rows(wh.page).first();
    await expect.poll(() => pickRow.innerText()).toContain('待分配');
    await rowAction(wh.page, pickRow, 'transition:assignPicker', '分配拣货员');
    const assign = formOf(wh.page, '分配拣货员');
    await assign.getByPlaceholder('拣货员姓名').fill('赵拣货');
    await assign.getByTestId('form-submit').click();
    await expect.poll(() => pickRow.innerText()).toContain('待拣货');

    await rowAction(wh.page, pickRow, 'edit:3', '录入实拣');
    const picking = formOf(wh.page, '录入实拣数量');
    await picking.locator('.ant-table-row').first().getByPlaceholder('请输入实拣数量').fill('2.5');
    const saved = wh.page.waitForResponse((r) => r.url().includes('/pickOrder/web/updatePickQuantity'));
    await picking.getByTestId('form-submit').click();
    expect((await (await saved).json()).result.success).toBe(true);
    await picking.waitFor({ state: 'hidden' });

    await rowAction(wh.page, pickRow, 'transition:finishPickOrder', '完成拣货');
    await confirm(wh.page);
    await expect.poll(() => pickRow.innerText()).toContain('已完成');
    const after = await stockOf(code);
    expect(after.quantity).toBeCloseTo(before.quantity, 3);
    expect(after.locked).toBeCloseTo(before.locked + 2.5, 3);
    await wh.context.close();
  });
});
