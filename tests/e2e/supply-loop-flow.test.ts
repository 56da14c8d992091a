import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 16.3 in Chromium: md001 orders one commodity from 杭州中心大仓 (门店要货, picked through
 * 批量选择) and submits it (below 5,000 yuan: approved at once, its pick order created); wh001 finds the
 * pick order by the store order's code, assigns a picker, types the real quantity and finishes it (the
 * stock is locked by that quantity, its total unchanged), sorts the sorting order it raised into the
 * store's slot on the seeding wall (stock unchanged), confirms the stock-out the sorting raised (the goods
 * leave), dispatches and delivers the delivery; md001 counts less than was shipped and confirms the
 * receipt, the difference reported back. The stock is checked at each step.
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
    browser = await openBrowser();
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

  it(
    'md001 orders, wh001 picks, sorts, ships and delivers, md001 receives with a difference',
    { timeout: 180_000 },
    async () => {
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
      // A picker bound to the order's zone of 杭州中心大仓 (jh001…jh005: …拣货), chosen by reference.
      await pick(wh.page, assign, '绑定该区域的拣货员', /拣货/);
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
      const pickCode = /JH\d+/.exec(await pickRow.innerText())![0];

      // The pick raised its sorting order: the store's slot on 杭州仓播种墙A, sorted (typed) and finished;
      // sorting moves no stock, the pick's lock holds.
      const base = wh.page.url().replace(/\/dacang\/.*$/, '');
      await wh.page.goto(`${base}/dacang/distribution/sortingOrderList?keyword=${pickCode}`);
      await waitForApp(wh.page, 'dacang');
      const sortRow = rows(wh.page).first();
      await expect.poll(() => sortRow.innerText()).toContain('待分拣');
      expect(await sortRow.innerText()).toContain('A01');
      await rowAction(wh.page, sortRow, 'transition:startSorting', '开始分拣');
      await expect.poll(() => sortRow.innerText()).toContain('分拣中');
      await rowAction(wh.page, sortRow, 'edit:2', '录入分拣');
      const sortingForm = formOf(wh.page, '录入分拣数量');
      const sortLine = sortingForm.locator('.ant-table-row').first();
      await sortLine.getByPlaceholder('请输入已分数量').fill('2.5');
      await sortLine.getByPlaceholder('请输入箱码').fill('E2E-BOX-0001');
      const sortSaved = wh.page.waitForResponse((r) =>
        r.url().includes('/sortingOrder/web/updateSortQuantity'),
      );
      await sortingForm.getByTestId('form-submit').click();
      expect((await (await sortSaved).json()).result.success).toBe(true);
      await sortingForm.waitFor({ state: 'hidden' });
      await expect.poll(() => sortRow.innerText()).toContain('100.0%');
      await rowAction(wh.page, sortRow, 'transition:finishSorting', '完成分拣');
      await confirm(wh.page);
      await expect.poll(() => sortRow.innerText()).toContain('已完成');
      const sorted = await stockOf(code);
      expect(sorted.quantity).toBeCloseTo(before.quantity, 3);
      expect(sorted.locked).toBeCloseTo(before.locked + 2.5, 3);

      // The crate typed on the line finds its order (the box code filter over the lines, SPEC 7.8
      // queryBoxCode), and the 分拣进度 table above the list shows the sorting per batch and store.
      await wh.page.goto(`${base}/dacang/distribution/sortingOrderList?boxCode=E2E-BOX-0001`);
      await waitForApp(wh.page, 'dacang');
      await expect.poll(() => rows(wh.page).first().innerText()).toContain(pickCode);
      expect(await rows(wh.page).count()).toBe(1);
      const schedule = wh.page.locator('[data-chart="sortingSchedule"]');
      await expect.poll(() => schedule.locator('.ant-table-row').count()).toBeGreaterThan(0);
      expect(await schedule.innerText()).toContain('已分数量');

      // The sorting raised its delivery stock-out: confirmed, the goods leave the warehouse.
      await wh.page.goto(`${base}/dacang/warehouse/stockOutOrderList?pickOrderCode=${pickCode}`);
      await waitForApp(wh.page, 'dacang');
      const outRow = rows(wh.page).first();
      await expect.poll(() => outRow.innerText()).toContain('待出库');
      await expect(rows(wh.page).count()).resolves.toBe(1);
      await rowAction(wh.page, outRow, 'transition:confirmStockOut', '确认出库');
      await confirm(wh.page);
      await expect.poll(() => outRow.innerText()).toContain('已出库');
      const out = await stockOf(code);
      expect(out.quantity).toBeCloseTo(before.quantity - 2.5, 3);
      expect(out.locked).toBeCloseTo(before.locked, 3);

      // Its delivery: dispatched with a vehicle and driver, delivered.
      await wh.page.goto(`${base}/dacang/distribution/deliveryOrderList?keyword=${pickCode}`);
      await waitForApp(wh.page, 'dacang');
      const delivery = rows(wh.page).first();
      await expect.poll(() => delivery.innerText()).toContain('待发车');
      await rowAction(wh.page, delivery, 'transition:dispatch', '发车');
      const dispatch = formOf(wh.page, '发车');
      await dispatch.getByPlaceholder('如 浙A12345').fill('浙A8M203');
      await dispatch.getByPlaceholder('请输入司机', { exact: true }).fill('钱师傅');
      await dispatch.getByTestId('form-submit').click();
      await dispatch.waitFor({ state: 'hidden' });
      await expect.poll(() => delivery.innerText()).toContain('配送中');
      await rowAction(wh.page, delivery, 'transition:arrive', '确认送达');
      await confirm(wh.page);
      await expect.poll(() => delivery.innerText()).toContain('已送达');
      await wh.context.close();

      // The store counts 2.4 kg of the 2.5 shipped, says why, and confirms the receipt.
      const store = await openConsole(browser, 'md001', `/admin/shop/storeReceiveList?keyword=${pickCode}`);
      await waitForApp(store.page, 'admin');
      const receipt = rows(store.page).first();
      await expect.poll(() => receipt.innerText()).toContain('已送达');
      await rowAction(store.page, receipt, 'edit:1', '录入实收');
      const counting = formOf(store.page, '录入实收数量');
      const line = counting.locator('.ant-table-row').first();
      await line.getByPlaceholder('请输入实收数量').fill('2.4');
      // What was shipped is shown, not typed: the received quantity and the reason are the inputs.
      await expect(line.locator('input').count()).resolves.toBe(2);
      await line.getByPlaceholder('请输入差异原因').fill('称重少 0.1 公斤');
      const counted = store.page.waitForResponse((r) => r.url().includes('/api/v1/shop/storeReceive/update'));
      await counting.getByTestId('form-submit').click();
      expect((await (await counted).json()).result.success).toBe(true);
      await counting.waitFor({ state: 'hidden' });
      await rowAction(store.page, receipt, 'transition:receive', '确认收货');
      const receive = formOf(store.page, '确认收货');
      await receive.getByTestId('form-submit').click();
      await receive.waitFor({ state: 'hidden' });
      await expect.poll(() => receipt.innerText()).toContain('已收货');
      // The difference goes back with the delivery; the warehouse's stock moved only at the stock-out.
      expect(await receipt.innerText()).toMatch(/0\.1/);
      expect((await stockOf(code)).quantity).toBeCloseTo(before.quantity - 2.5, 3);
      await store.context.close();
    },
  );
});
