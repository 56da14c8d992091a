import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, formOf, pick, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 15.4 in Chromium: hq001 applies for a price change (调价申请) with a line picked from the price
 * list; his own headquarters step passes, finance (tip001) approves it in the approval centre; the price
 * list then shows the new price and its 调价记录 the change. A change effective in three days waits as
 * 待生效 after approval; the scheduled pass of that day (run through the demo-mode pass endpoint with
 * that day's clock) applies it.
 */
interface Price {
  commodityCode: string;
  commodityName: string;
  storeCode: string;
  storeName: string;
  price: number;
}

describe('price changes in the browser', () => {
  let browser: Browser;
  let price: Price;
  beforeAll(async () => {
    browser = await openBrowser();
    // A retail price from deep in the list, which no other browser test changes.
    const hq = await signIn('hq001');
    const page = await call<{ list: Price[] }>(
      'POST',
      '/api/v1/product/commodityPrice/findPriceListByPage',
      { pageNo: 5, pageSize: 20, priceType: [1] },
      hq.token,
    );
    price = page.list[7]!;
  });
  afterAll(() => browser?.close());

  /** The China date `days` from now (YYYY-MM-DD). */
  const chinaDay = (days: number) =>
    new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

  it('applies, finance approves, and the price list shows the new price', { timeout: 120_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/product/priceChangeList');
    await waitForApp(page, 'admin');
    await page.getByRole('button', { name: '新增调价申请' }).click();
    const drawer = formOf(page, '新增调价申请');
    await pick(page, drawer, '请选择调价类型', '市场行情');
    await drawer.getByPlaceholder('请选择生效日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    await drawer.getByPlaceholder('请输入调价原因').fill('产地到货价上涨，随行就市');

    await drawer.getByRole('button', { name: '批量选择调价明细' }).click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择调价明细$/ }),
    });
    await chooser.getByPlaceholder('输入编码或名称搜索').fill(price.commodityCode);
    await chooser.getByPlaceholder('输入编码或名称搜索').press('Enter');
    // One row per store and price type of the commodity, told apart by the store, type and price.
    const option = chooser
      .locator('.ant-table-row', { hasText: price.storeName })
      .filter({ hasText: '零售价' });
    await expect.poll(() => option.count()).toBe(1);
    await expect(option.innerText()).resolves.toContain(price.price.toFixed(2));
    await option.locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    const line = drawer.locator('.ant-table-row').first();
    await line.getByPlaceholder('请输入调整后价格').fill('23.45');

    const created = page.waitForResponse((r) => r.url().includes('/api/v1/product/priceChange/add'));
    await drawer.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const apply = answer.data as {
      applyCode: string;
      status: number;
      itemList: { commodityCode: string; storeCode: string; oldPrice: number; newPrice: number }[];
    };
    expect(apply.status).toBe(10);
    const changed = apply.itemList[0]!;
    expect(changed).toMatchObject({
      commodityCode: price.commodityCode,
      storeCode: price.storeCode,
      oldPrice: price.price,
      newPrice: 23.45,
    });
    await drawer.waitFor({ state: 'hidden' });
    await context.close();

    // Finance decides after headquarters (hq001's own step passed).
    await approveInCentre(browser, 'tip001', 'admin', apply.applyCode);

    const list = await openConsole(
      browser,
      'hq001',
      `/admin/product/priceList?keyword=${changed.commodityCode}&storeCode=${changed.storeCode}`,
    );
    await waitForApp(list.page, 'admin');
    const row = rows(list.page).filter({ hasText: '23.45' });
    await row.first().waitFor();
    await row.first().getByText('调价记录').click();
    // The history of that commodity in that store: this change, old and new price.
    const record = rows(list.page).filter({ hasText: apply.applyCode });
    await record.first().waitFor();
    const text = await record.first().innerText();
    expect(text).toContain('23.45');
    expect(text).toContain(changed.oldPrice.toFixed(2));
    expect(text).toContain('市场行情');
    await list.context.close();
  });

  it('waits as 待生效 until the pass of its effective day applies it', { timeout: 120_000 }, async () => {
    const hq = await signIn('hq001');
    const [target] = (
      await call<{ list: (Price & { id: number })[] }>(
        'POST',
        '/api/v1/product/commodityPrice/findPriceListByPage',
        { pageNo: 6, pageSize: 20, priceType: [1] },
        hq.token,
      )
    ).list.slice(3, 4);
    const effectiveDate = chinaDay(3);
    const apply = await call<{ applyCode: string }>(
      'POST',
      '/api/v1/product/priceChange/add',
      {
        changeType: 3,
        reason: '下周起进口水果统一调价',
        effectiveDate,
        itemList: [{ priceId: target!.id, newPrice: 88.8 }],
      },
      hq.token,
    );
    await approveInCentre(browser, 'tip001', 'admin', apply.applyCode);

    // Signing in again ends the earlier session of the account: calls go on with the console's.
    const { context, page, session } = await openConsole(
      browser,
      'hq001',
      `/admin/product/priceChangeList?keyword=${apply.applyCode}`,
    );
    await waitForApp(page, 'admin');
    const row = rows(page).filter({ hasText: apply.applyCode });
    await row.first().waitFor();
    await expect(row.first().innerText()).resolves.toContain('待生效');
    // Not yet in the price list.
    const before = await call<{ list: { id: number; price: number }[] }>(
      'POST',
      '/api/v1/product/commodityPrice/findPriceListByPage',
      {
        pageNo: 1,
        pageSize: 20,
        keyword: target!.commodityCode,
        storeCode: target!.storeCode,
        priceType: [1],
      },
      session.token,
    );
    expect(before.list.find((p) => p.id === target!.id)?.price).toBe(target!.price);

    // The effective day comes: the scheduled pass of that day applies it.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await call('POST', '/api/dev/schedules/pass', { at: day }, session.token);
    await page.reload();
    await waitForApp(page, 'admin');
    await row.first().waitFor();
    await expect.poll(() => row.first().innerText()).toContain('已通过');
    await context.close();

    const list = await openConsole(
      browser,
      'hq001',
      `/admin/product/priceList?keyword=${target!.commodityCode}&storeCode=${target!.storeCode}`,
    );
    await waitForApp(list.page, 'admin');
    await rows(list.page).filter({ hasText: '88.80' }).first().waitFor();
    await list.context.close();
  });
});
