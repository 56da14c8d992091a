import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickOrderDetail as PickOrder } from '../../src/generated/resources/pickOrder';
import { openBrowser } from './browser';
import { stored, unshelvedOf } from './print-fixtures';
import { fillStorage, messageOf, openPrint, type PrintSession, printSession } from './print-helpers';
import { laneURL } from './lane';

// Issue 8: a print page with nothing to print says why, in Chinese, instead of printing an empty
// sheet; and print pages are for signed-in users only.
const STALE = '打印数据已失效，请从列表页重新打印';

describe('print pages without a document', () => {
  const baseURL = laneURL();
  let browser: Browser;
  let hq: PrintSession;

  beforeAll(async () => {
    browser = await openBrowser();
    hq = await printSession(browser, baseURL, 'hq001');
  });
  afterAll(() => browser?.close());

  /** Opens the route and answers the message shown; the page has no sheet and no print button. */
  async function message(
    session: PrintSession,
    path: string,
    prepare?: (page: import('playwright-core').Page) => Promise<void>,
  ) {
    const page = await session.context.newPage();
    await prepare?.(page);
    await expect(openPrint(page, baseURL, path)).resolves.toBe('missing');
    await expect(page.locator('.pr-sheet').count()).resolves.toBe(0);
    await expect(page.locator('.pr-print-button').count()).resolves.toBe(0);
    const text = await messageOf(page);
    await page.close();
    return text;
  }

  it('names the unknown document', async () => {
    expect(await message(hq, '/print/pickPC/JH19990101000001')).toBe(
      '未找到拣货单 JH19990101000001，无法打印',
    );
    expect(await message(hq, '/print/UnPickOrderPrint/NOPE')).toBe('未找到拣货单 NOPE，无法打印');
    expect(await message(hq, '/print/StockOutPrint/CK19990101000001')).toBe(
      '未找到出库单 CK19990101000001，无法打印',
    );
    expect(await message(hq, '/print/finance/print/999999')).toBe('未找到部门领用单 999999，无法打印');
    expect(await message(hq, '/print/finance/print/abc')).toBe('未找到部门领用单 abc，无法打印');
  });

  it('an unknown transfer requisition is not printed', async () => {
    const page = await hq.context.newPage();
    await page.addInitScript(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    await expect(
      openPrint(page, baseURL, '/print/allocateTransfer/transferOrderPrint/DB19990101000001'),
    ).resolves.toBe('missing');
    await expect(messageOf(page)).resolves.toBe('未找到调拨单 DB19990101000001，无法打印');
    await page.waitForTimeout(500);
    await expect(page.evaluate(() => document.body.dataset.printed ?? 'no')).resolves.toBe('no');
    await page.close();
  });

  it('says what the server refuses: a cancelled transfer, a pick list with nothing left to pick', async () => {
    const cancelled = await hq.call<{ list: { orderCode: string }[] }>(
      'POST',
      '/gateApi/storageAdmin/transferApply/web/findByPage',
      { pageNo: 1, pageSize: 1, status: [0] },
    );
    expect(
      await message(hq, `/print/allocateTransfer/transferOrderPrint/${cancelled.list[0]!.orderCode}`),
    ).toBe('调拨单已取消，不能打印');
    const done = await hq.call<{ list: { pickOrderCode: string }[] }>(
      'POST',
      '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList',
      { pageNo: 1, pageSize: 1, status: [40] },
    );
    const code = done.list[0]!.pickOrderCode;
    expect(await message(hq, `/print/UnPickOrderPrint/${code}`)).toBe(
      `拣货单 ${code} 已无待拣商品，无需打印拣货清单`,
    );
  });

  it('storage data that is missing, malformed or a day old reads as stale', async () => {
    expect(await message(hq, '/print/reveiveAdd/SH20260301000088')).toBe(STALE);
    expect(await message(hq, '/print/UndeliveredPrint/none')).toBe(STALE);
    const big = await hq.call<PickOrder>(
      'GET',
      `/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode/${
        (
          await hq.call<{ list: { pickOrderCode: string }[] }>(
            'POST',
            '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList',
            { pageNo: 1, pageSize: 1 },
          )
        ).list[0]!.pickOrderCode
      }`,
    );
    const old = Date.now() - 25 * 3600_000;
    expect(
      await message(hq, '/print/unupList/SJ1', (page) =>
        fillStorage(page, baseURL, 'sessionStorage', {
          'fresh.print.unupList.SJ1': stored(unshelvedOf(big, 3), old),
        }),
      ),
    ).toBe(STALE);
    expect(
      await message(hq, '/print/replenishmentPC/BH1', (page) =>
        fillStorage(page, baseURL, 'sessionStorage', {
          'fresh.print.replenishment.BH1': stored({ rows: [{ shelfNo: 1 }] }),
        }),
      ),
    ).toBe(STALE);
    expect(
      await message(hq, '/print/reveiveAdd/SH1', (page) =>
        fillStorage(page, baseURL, 'sessionStorage', { 'fresh.print.receive.SH1': '{not json' }),
      ),
    ).toBe(STALE);
    // Local storage holds ids only: a list that is not one of positive integers prints nothing.
    expect(
      await message(hq, '/print/UndeliveredPrint/x', (page) =>
        fillStorage(page, baseURL, 'localStorage', {
          'fresh.print.undelivered.x': stored({ orderIds: ['1'] }),
        }),
      ),
    ).toBe(STALE);
  });

  it("a store user cannot print another store's order, nor documents it has no permission for", async () => {
    const md = await printSession(browser, baseURL, 'md001');
    // Order 2 belongs to store 12; md001 works in store 11.
    expect(
      await message(md, '/print/UndeliveredPrint/other', (page) =>
        fillStorage(page, baseURL, 'localStorage', {
          'fresh.print.undelivered.other': stored({ orderIds: [2] }),
        }),
      ),
    ).toBe('未找到门店订单 2，无法打印');
    expect(await message(md, '/print/pickPC/JH20261120000600')).toBe('您未开通权限，请联系管理人员');
    await md.context.close();
  });

  it('is for signed-in users only', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/print/finance/print/1`);
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
