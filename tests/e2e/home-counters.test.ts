import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, waitForApp } from './shell-helpers';

interface Summary {
  sections: {
    key: string;
    kind: string;
    items: { key: string; count: number; title: string; group: string | null }[];
  }[];
}

// Issue 16.8: the home pages draw the counters of schemas/home as the server counts them for the
// user (permission and scope), warnings only when raised, and each tile opens its list.
describe('home counters from schemas/home', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('wh001 sees his counts on the warehouse home, grouped, and a tile opens its list', async () => {
    const { context, page, session } = await openConsole(browser, 'wh001', '/dacang/home');
    await waitForApp(page, 'dacang', '/dacang/home');
    const summary = await call<Summary>('GET', '/api/v1/home/summary?home=dacang', undefined, session.token);
    const todo = summary.sections.find((s) => s.kind === 'todo')!.items;
    expect(todo.length).toBeGreaterThan(5);
    await page.locator('[data-todo]').first().waitFor();
    for (const item of todo) {
      const tile = page.locator(`[data-todo="${item.key}"]`);
      await expect.poll(() => tile.textContent()).toContain(`${item.title}${item.count}单`);
    }
    // Grouped by document family: one sub-title per family, in the file's order.
    const groups = new Set(todo.map((i) => i.group!));
    expect(groups.has('调拨申请')).toBe(true);
    const titles = await page.locator('[data-todo-group]').allTextContents();
    expect(titles).toEqual([...groups]);
    // Warnings: exactly the raised ones.
    const warnings = summary.sections.find((s) => s.kind === 'warning')!.items;
    for (const w of warnings)
      expect(await page.locator(`[data-warning="${w.key}"]`).count()).toBe(w.count > 0 ? 1 : 0);
    await page.locator('[data-todo="transferToShip"]').click();
    await waitForApp(page, 'dacang', '/dacang/allocateTransfer/transferApplyList');
    await context.close();
  });

  it('md001 (a store manager) gets his store’s counters and dashboard, no warehouse tiles, no rankings', async () => {
    const { context, page, session } = await openConsole(browser, 'md001');
    await waitForApp(page, 'admin', '/admin/home');
    const summary = await call<Summary>('GET', '/api/v1/home/summary?home=admin', undefined, session.token);
    const todo = summary.sections.find((s) => s.kind === 'todo')!.items;
    expect(todo.map((i) => i.key)).toEqual(['approvalToDecide', 'aiEventToHandle', 'deliveryToReceive']);
    for (const item of todo)
      await expect
        .poll(() => page.locator(`[data-todo="${item.key}"]`).textContent())
        .toContain(`${item.title}${item.count}`);
    expect(await page.locator('[data-warning]').count()).toBe(0);
    // The dashboard: today's business of his store; the headquarters' rankings are not his.
    const business = page.locator('[data-home-charts="business"]');
    await business.locator('.ant-statistic-title', { hasText: '今日订单数' }).waitFor();
    await business.locator('[data-chart="cloudOrder.dailySales:area"] svg').first().waitFor();
    expect(await page.locator('[data-home-charts="chain"]').count()).toBe(0);
    await context.close();
  });

  it('hq001’s dashboard draws its figures and a figure opens the list behind it', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    const business = page.locator('[data-home-charts="business"]');
    const count = business.locator('[data-chart="cloudOrder.todayCount:statistic"]');
    const figures = await call<{ rows: { value: number }[] }>(
      'POST',
      '/api/v1/shop/appOrder/aggregate/todayCount',
      {},
      session.token,
    );
    await expect
      .poll(() => count.locator('.ant-statistic-content-value').textContent())
      .toBe(String(figures.rows[0]?.value ?? 0));
    await page
      .locator('[data-home-charts="chain"] [data-chart="aiEvent.openByStore:bar"] svg')
      .first()
      .waitFor();
    await count.getByRole('button', { name: '查看今日订单数明细' }).click();
    await waitForApp(page, 'admin', '/admin/shop/cloudOrderList');
    await context.close();
  });
});
