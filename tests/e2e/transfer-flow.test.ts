import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 16.4 in Chromium: wh001 applies for a transfer from his warehouse to 广州中心大仓 with both
 * warehouses picked and two commodities of his stock picked at once (批量选择); hq001 approves it in the
 * /dacang approval centre; wh001 confirms the dispatch (确认出库: the goods go in transit at the target)
 * and hq001 the receipt (确认入库: into the target's receiving area).
 */
const LIST = '/dacang/allocateTransfer/transferApplyList';

interface Stock {
  commodityCode: string;
  shelfCode: string;
  availableQuantity: number;
  quantity: number;
  lockedQuantity: number;
}

describe('transfers in the browser', () => {
  let browser: Browser;
  let codes: string[] = [];
  let hqToken = '';
  // hq001 signs in anew for each look: one session per account, a browser login ends the last one.
  const stockOf = async (warehouseId: number, commodityCode: string) =>
    (
      await call<{ list: Stock[] }>(
        'POST',
        '/api/v1/storage/stock/findByPage',
        { pageNo: 1, pageSize: 100, warehouseId, commodityCode },
        (await signIn('hq001')).token,
      )
    ).list;
  beforeAll(async () => {
    browser = await openBrowser();
    hqToken = (await signIn('hq001')).token;
    // Two commodities the warehouse holds plenty of, from deep in its list (other tests move others).
    const stock = await call<{ list: Stock[] }>(
      'POST',
      '/api/v1/storage/stock/findByPage',
      { pageNo: 4, pageSize: 20, warehouseId: 21 },
      hqToken,
    );
    codes = [
      ...new Set(
        stock.list
          .filter((s) => s.shelfCode !== '在途' && s.availableQuantity >= 5)
          .map((s) => s.commodityCode),
      ),
    ].slice(0, 2);
    expect(codes).toHaveLength(2);
  });
  afterAll(() => browser?.close());

  it(
    'wh001 applies with pickers, hq001 approves, the goods go out and come in',
    { timeout: 180_000 },
    async () => {
      const wh = await openConsole(browser, 'wh001', LIST);
      await waitForApp(wh.page, 'dacang');
      const page = wh.page;
      await page.getByRole('button', { name: '新增调拨申请' }).click();
      const form = formOf(page, '新增调拨申请');
      await form.getByPlaceholder('请输入所属公司').fill('鲜丰生鲜（杭州）有限公司');
      await form.getByPlaceholder('请选择申请日期').click();
      await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
      await pick(page, form, '请选择调出仓', '杭州中心大仓', 'W01');
      await pick(page, form, '请选择调入仓', '广州中心大仓', 'W02');
      await form.getByRole('button', { name: '批量选择调拨商品' }).click();
      const chooser = page.locator('.ant-modal').filter({
        has: page.locator('.ant-modal-title', { hasText: /^选择调拨商品$/ }),
      });
      for (const code of codes) {
        const search = chooser.getByPlaceholder('输入编码或名称搜索');
        await search.fill(code);
        await search.press('Enter');
        const row = chooser.locator('.ant-table-row', { hasText: code }).first();
        await row.waitFor();
        await row.locator('.ant-checkbox-input').check();
      }
      await chooser.getByRole('button', { name: '添加 2 项' }).click();
      await expect.poll(() => form.locator('.ant-table-row').count()).toBe(2);
      for (const n of [0, 1])
        await form
          .locator('.ant-table-row')
          .nth(n)
          .getByPlaceholder('请输入申请数量')
          .fill(n === 0 ? '2' : '1.5');
      const created = page.waitForResponse((r) => r.url().includes('/transferApply/web/add'));
      await form.getByTestId('form-submit').click();
      const answer = await (await created).json();
      expect(answer.result.success).toBe(true);
      const doc = answer.data as {
        id: number;
        orderCode: string;
        warehouseOutName: string;
        itemList: unknown[];
      };
      expect(doc).toMatchObject({ warehouseOutName: '杭州中心大仓', warehouseInName: '广州中心大仓' });
      expect(doc.itemList).toHaveLength(2);
      await form.waitFor({ state: 'hidden' });

      await approveInCentre(browser, 'hq001', 'dacang', doc.orderCode);

      await page.reload();
      await waitForApp(page, 'dacang');
      const row = rows(page).filter({ hasText: doc.orderCode }).first();
      await expect.poll(() => row.innerText()).toContain('待出库');
      const before = (await stockOf(21, codes[0]!)).reduce((s, r) => s + Number(r.quantity), 0);
      await rowAction(page, row, 'transition:confirmOutbound', '确认出库');
      await confirm(page);
      await expect.poll(() => row.innerText()).toContain('待入库');
      const after = (await stockOf(21, codes[0]!)).reduce((s, r) => s + Number(r.quantity), 0);
      expect(after).toBeCloseTo(before - 2, 3);
      const transit = (await stockOf(22, codes[0]!)).filter((r) => r.shelfCode === '在途');
      expect(transit.reduce((s, r) => s + Number(r.lockedQuantity), 0)).toBeGreaterThanOrEqual(2);
      await wh.context.close();

      const hq = await openConsole(browser, 'hq001', LIST);
      await waitForApp(hq.page, 'dacang');
      const own = rows(hq.page).filter({ hasText: doc.orderCode }).first();
      await expect.poll(() => own.innerText()).toContain('待入库');
      await rowAction(hq.page, own, 'transition:confirmInbound', '确认入库');
      await confirm(hq.page);
      await expect.poll(() => own.innerText()).toContain('已完成');
      await hq.context.close();
      const received = (await stockOf(22, codes[0]!)).filter((r) => r.shelfCode === '');
      expect(received.reduce((s, r) => s + Number(r.quantity), 0)).toBeGreaterThanOrEqual(2);
    },
  );
});
