import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 19.3 in Chromium: a retail price of 南京新街口店 changes through an approved price change, and
 * 价签下发 shows the push job of that price to the store's tag reach 已确认 while the tag list shows the
 * new price. The device passes run through the demo-mode pass endpoint with their own clock (the test
 * server runs no worker), the demo device cloud confirming pushes deterministically.
 */
const TAG = 'TS1004005';
type Row = Record<string, unknown>;

describe('electronic price tags in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  /** One device and tag pass `seconds` from now. */
  const pass = (token: string, seconds: number) =>
    call('POST', '/api/dev/devices/pass', { at: new Date(Date.now() + seconds * 1000).toISOString() }, token);
  const search = async (page: Page) => {
    const answered = page.waitForResponse((r) => r.url().includes('/findByPage'));
    await page.locator('[data-testid="list-search"] .ant-btn-primary').click();
    await answered;
  };

  it(
    'an approved price change reaches its tag: the push job is confirmed',
    { timeout: 180_000 },
    async () => {
      const hq = await signIn('hq001');
      const fin = await signIn('tip001');
      const tag = (
        await call<{ list: Row[] }>(
          'POST',
          '/api/v1/store/priceTag/findByPage',
          { pageNo: 1, pageSize: 1, keyword: TAG },
          hq.token,
        )
      ).list[0]!;
      // The tags' first pushes settle (retries after their back-off).
      for (const s of [0, 31, 92]) await pass(hq.token, s);
      const price = (
        await call<{ list: Row[] }>(
          'POST',
          '/api/v1/product/commodityPrice/findPriceListByPage',
          { pageNo: 1, pageSize: 10, storeCode: 'S1004', keyword: tag.commodityCode, priceType: [1] },
          hq.token,
        )
      ).list.find((p) => p.commodityCode === tag.commodityCode)!;
      const newPrice = Math.round((Number(price.price) + 0.77) * 100) / 100;
      const apply = await call<{ applyCode: string }>(
        'POST',
        '/api/v1/product/priceChange/add',
        {
          changeType: 1,
          reason: '到货价上涨，价签同步调整',
          effectiveDate: today(),
          itemList: [{ priceId: price.id, newPrice }],
        },
        hq.token,
      );
      const task = (
        await call<{ list: Row[] }>(
          'POST',
          '/api/v1/approval/task/findTodoByPage',
          { pageNo: 1, pageSize: 5, keyword: apply.applyCode },
          fin.token,
        )
      ).list[0]!;
      await call('POST', `/api/v1/approval/task/approve/${String(task.id)}`, { comment: '同意' }, fin.token);

      const { context, page, session } = await openConsole(
        browser,
        'hq001',
        `/admin/storeDevice/tagPushJobList?keyword=${TAG}`,
      );
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      // Before the pass: only the tag's earlier, confirmed push.
      const ofNewPrice = rows(page).filter({ hasText: newPrice.toFixed(2) });
      expect(await ofNewPrice.count()).toBe(0);
      expect(await rows(page).first().innerText()).toContain('已确认');

      // The pass creates the job and hands it to the base station; the tag confirms (or after one retry).
      await pass(session.token, 200);
      await pass(session.token, 260);
      await search(page);
      await ofNewPrice.first().waitFor();
      const job = await ofNewPrice.first().innerText();
      expect(job).toContain('已确认');
      expect(job).toContain(String(tag.commodityName));

      // The tag list shows the new price on the tag.
      await page.goto(`${new URL(page.url()).origin}/admin/storeDevice/priceTagList?keyword=${TAG}`);
      await waitForApp(page, 'admin');
      const tagRow = rows(page).filter({ hasText: TAG });
      await tagRow.first().waitFor();
      expect(await tagRow.first().innerText()).toContain(newPrice.toFixed(2));
      await context.close();
    },
  );
});
