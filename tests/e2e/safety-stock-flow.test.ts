import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { formOf, pick, rows } from './product-helpers';
import { call, openConsole, waitForApp } from './shell-helpers';

interface Summary {
  sections: { kind: string; items: { key: string; count: number }[] }[];
}
interface Minimum {
  id: number;
  commodityCode: string;
  onHand: number;
  minQuantity: number;
}

/**
 * Issue 16.1 in Chromium: wh001's warehouse home warns of the commodities below their safety minimum;
 * the warning opens 安全库存 filtered to exactly those rows (低于安全库存: 是), each showing its live
 * stock under its minimum; he sets a new minimum for a commodity of his warehouse (the warehouse
 * picker offers his own only) and the list shows it with the stock on hand.
 */
describe('safety stock in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it(
    'the home warning opens the rows below their minimum; a new minimum is set',
    { timeout: 120_000 },
    async () => {
      const { context, page, session } = await openConsole(browser, 'wh001', '/dacang/home');
      await waitForApp(page, 'dacang', '/dacang/home');
      const summary = await call<Summary>(
        'GET',
        '/api/v1/home/summary?home=dacang',
        undefined,
        session.token,
      );
      const warning = summary.sections.flatMap((s) => s.items).find((i) => i.key === 'belowSafetyStock')!;
      expect(warning.count).toBeGreaterThan(0);
      const tile = page.locator('[data-warning="belowSafetyStock"]');
      await expect.poll(() => tile.textContent()).toContain(`低于安全库存的商品${warning.count}种`);
      await tile.click();
      await waitForApp(page, 'dacang', '/dacang/stock/safetyStockList');
      await expect.poll(() => rows(page).count()).toBe(warning.count);
      const below = await call<{ list: Minimum[] }>(
        'POST',
        '/api/v1/storage/safetyStock/findByPage',
        { pageNo: 1, pageSize: 100, below: true },
        session.token,
      );
      for (const m of below.list) {
        expect(m.onHand).toBeLessThan(m.minQuantity);
        await expect(rows(page).filter({ hasText: m.commodityCode }).count()).resolves.toBe(1);
      }

      // A new minimum for a commodity of his warehouse.
      const stock = await call<{ list: { commodityCode: string; commodityName: string }[] }>(
        'POST',
        '/api/v1/storage/stock/findByPage',
        { pageNo: 4, pageSize: 20, warehouseId: 21 },
        session.token,
      );
      const taken = new Set(
        (
          await call<{ list: Minimum[] }>(
            'POST',
            '/api/v1/storage/safetyStock/findByPage',
            { pageNo: 1, pageSize: 100 },
            session.token,
          )
        ).list.map((m) => m.commodityCode),
      );
      const goods = stock.list.find((s) => !taken.has(s.commodityCode))!;
      await page.getByRole('button', { name: '设置安全库存' }).click();
      const form = formOf(page, '设置安全库存');
      await form.locator('.ant-select', { hasText: '请选择仓库' }).click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringContaining('杭州中心大仓')]);
      await options.first().click();
      await pick(page, form, '请选择商品', goods.commodityName, goods.commodityCode);
      await form.getByPlaceholder('请输入安全库存').fill('12.5');
      const created = page.waitForResponse((r) => r.url().includes('/api/v1/storage/safetyStock/add'));
      await form.getByTestId('form-submit').click();
      const answer = await (await created).json();
      expect(answer.result.success).toBe(true);
      expect(answer.data).toMatchObject({
        warehouseId: 21,
        commodityCode: goods.commodityCode,
        minQuantity: 12.5,
      });
      await form.waitFor({ state: 'hidden' });
      await context.close();
    },
  );
});
