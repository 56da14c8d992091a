import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 23.4 in Chromium: md001 starts delivery (开始配送) of four orders of his store that wait for
 * delivery, as one batch job (the page's `asJob` batch action). Meanwhile one of them was started from
 * another screen: the job does the other three, refuses that one with the reason, and 批量任务中心 shows
 * the outcome and the refused row.
 */
const LIST = '/admin/shop/cloudOrderList';
const API = '/api/v1/shop/findAppOrderByPage';

interface Order {
  id: number;
  orderCode: string;
  orderStatus: number;
}

describe('a batch action as a job in the browser', () => {
  let browser: Browser;
  let token: string;
  let orders: Order[];
  beforeAll(async () => {
    browser = await openBrowser();
    token = (await signIn('md001')).token;
    // The first four waiting orders as the list shows them.
    const page = await call<{ list: Order[] }>(
      'POST',
      API,
      { pageNo: 1, pageSize: 20, orderStatus: [4] },
      token,
    );
    orders = page.list.slice(0, 4);
    expect(orders).toHaveLength(4);
  });
  afterAll(() => browser?.close());

  it('runs 开始配送 of four orders as a job; a row started meanwhile is refused with its reason', async () => {
    const codes = orders.map((o) => o.orderCode);
    const { context, page } = await openConsole(browser, 'md001', LIST);
    await waitForApp(page, 'admin');
    const byCode = (code: string) => rows(page).filter({ hasText: code }).first();
    // The page's 待配送 filter lists the four first (the same order as the call above).
    await page.goto(`${page.url().split('?')[0]}?orderStatus=4`);
    await waitForApp(page, 'admin');
    for (const code of codes) {
      const row = byCode(code);
      await row.waitFor();
      await row.locator('.ant-checkbox-input').check();
    }
    await page.getByTestId('batch-bar').getByText('已选择 4 项').waitFor();

    // Someone at headquarters starts the delivery of the first one meanwhile (md001's own token was
    // ended by his browser sign-in: one session per account).
    const first = orders[0]!;
    const hq = await signIn('hq001');
    await call('POST', `/api/v1/shop/appOrder/deliver/${first.id}`, {}, hq.token);

    await page.getByTestId('batch-bar').locator('[data-action="transition:deliver"]').click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/appOrder/batch/deliver'));
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const body = await (await answer).json();
    expect(body.data.count).toBe(4);
    expect(body.data.job.id).toBeGreaterThan(0);
    await page.locator('.ant-message', { hasText: '已加入批量任务（4 条）' }).waitFor();

    // The notification follows the job to its end and leads to the centre.
    const notice = page.locator(`[data-job-notice="${body.data.job.id}"]`);
    await notice.waitFor();
    const centre = page.locator('[data-export-center="batch"]');
    await expect
      .poll(
        async () => {
          if (!(await centre.isVisible())) {
            await notice
              .locator('[data-open-center]')
              .click({ timeout: 5_000 })
              .catch(() => undefined);
          }
          return centre.isVisible();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    const job = centre.locator('tbody tr.ant-table-row').first();
    await expect
      .poll(() => job.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 60_000 })
      .toBe('2');
    await expect(job.locator('[data-batch-outcome]').innerText()).resolves.toBe('成功 3 条，未执行 1 条');
    // The refused row, with the server's reason.
    await job.locator('.ant-table-row-expand-icon').click();
    const refusal = centre.locator(`[data-refusals="${body.data.job.id}"] tbody tr.ant-table-row`);
    await expect(refusal.count()).resolves.toBe(1);
    const text = await refusal.innerText();
    expect(text).toContain(first.orderCode);
    expect(text).toContain('当前状态为“配送中”');

    // All four are on their way: three by the job, one by the other screen.
    const after = await call<{ list: Order[] }>(
      'POST',
      API,
      { pageNo: 1, pageSize: 500, orderStatus: [5] },
      hq.token,
    );
    const delivering = new Set(after.list.map((o) => o.orderCode));
    expect(codes.filter((c) => delivering.has(c))).toEqual(codes);
    await context.close();
  });
});
