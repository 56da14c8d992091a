import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { type PrintSession, printSession } from './print-helpers';
import { laneURL } from './lane';

// Issue 8 point 4: staff print from the list pages. Signed in as a user holding the page and its print
// code, a click on the print action opens the print page in a new tab, which shows the document with
// its code (not '打印数据已失效…'). Only reads: the seeded rows are left as they are.
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

/** The texts of a column, by its header title. */
async function column(page: Page, title: string): Promise<string[]> {
  const titles = await page
    .locator('.fr-table-card .ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.trim()));
  const i = titles.indexOf(title);
  if (i < 0) throw new Error(`no column ${title} in ${titles.join('|')}`);
  return rows(page).evaluateAll(
    (trs, n) => trs.map((tr) => (tr.children[n] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    i,
  );
}

/** Clicks and answers the print tab it opened, once that shows a document or its message. */
async function printTab(page: Page, button: Locator): Promise<{ tab: Page; state: string | null }> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  await tab
    .locator('.pr-root[data-print-ready="true"], .pr-root[data-print-state="missing"]')
    .first()
    .waitFor({ timeout: 30_000 });
  return { tab, state: await tab.locator('.pr-root').getAttribute('data-print-state') };
}

describe('print actions of the list pages', () => {
  const baseURL = laneURL();
  let browser: Browser;
  let wh: PrintSession;
  let md: PrintSession;
  let hq: PrintSession;

  beforeAll(async () => {
    browser = await openBrowser();
    wh = await printSession(browser, baseURL, 'wh001');
    md = await printSession(browser, baseURL, 'md001');
    hq = await printSession(browser, baseURL, 'hq001');
  });
  afterAll(() => browser?.close());

  async function listPage(session: PrintSession, uri: string): Promise<Page> {
    const page = await session.context.newPage();
    await page.goto(`${baseURL}${uri}`);
    await rows(page).first().waitFor({ timeout: 30_000 });
    return page;
  }

  it('receipts (wh001): the row’s receipt with its lines, handed over in session storage', async () => {
    const page = await listPage(wh, '/dacang/warehouse/receiveOrderList');
    const code = (await column(page, '收货单号'))[0]!;
    expect(code).toMatch(/^SH\d{14}$/);
    const { tab, state } = await printTab(page, rows(page).first().locator('[data-action="print:receive"]'));
    expect(state).toBe('ready');
    expect(new URL(tab.url()).pathname).toBe(`/print/reveiveAdd/${code}`);
    const text = await tab.locator('.pr-root').innerText();
    expect(text).toContain('收货单');
    expect(text).toContain(code);
    expect(text).not.toContain('打印数据已失效');
    // Every line of the receipt is on the sheet.
    const lines = await wh.call<{ commodityList: unknown[] }>(
      'GET',
      `/gateApi/storageAdmin/receiveOrder/web/findReceiveOrderAndItemById/${await firstId(wh, code)}`,
    );
    await expect(tab.locator('.pr-sheet tbody tr').count()).resolves.toBeGreaterThanOrEqual(
      lines.commodityList.length,
    );
    await tab.close();
    await page.close();
  });

  it('replenishment (wh001): a row prints its task; a selection prints under a code of its own', async () => {
    const page = await listPage(wh, '/dacang/warehouse/replenishmentList');
    const code = (await column(page, '补货单号'))[0]!;
    const row = await printTab(page, rows(page).first().locator('[data-action="print:replenishment"]'));
    expect(row.state).toBe('ready');
    expect(new URL(row.tab.url()).pathname).toBe(`/print/replenishmentPC/${code}`);
    const text = await row.tab.locator('.pr-root').innerText();
    expect(text).toContain('补货单');
    expect(text).toContain(code);
    await row.tab.close();

    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    await rows(page).nth(1).locator('.ant-checkbox-input').check();
    const bar = page.getByTestId('batch-bar');
    await expect(bar.innerText()).resolves.toContain('已选择 2 项');
    const batch = await printTab(page, bar.locator('[data-action="print:replenishment"]'));
    expect(batch.state).toBe('ready');
    const param = decodeURIComponent(
      new URL(batch.tab.url()).pathname.replace('/print/replenishmentPC/', ''),
    );
    expect(param).toMatch(/^BH-\d{17}$/);
    expect(await batch.tab.locator('.pr-root').innerText()).toContain(param);
    await batch.tab.close();
    await page.close();
  });

  it('putaway goods (wh001): a row prints every good of its receipt; a selection prints under SJ-…', async () => {
    const page = await listPage(wh, '/dacang/warehouse/putawayList');
    const code = (await column(page, '收货单号'))[0]!;
    const warehouse = (await column(page, '仓库'))[0]!;
    const row = await printTab(page, rows(page).first().locator('[data-action="print:unupList"]'));
    expect(row.state).toBe('ready');
    expect(new URL(row.tab.url()).pathname).toBe(`/print/unupList/${code}`);
    const text = await row.tab.locator('.pr-root').innerText();
    expect(text).toContain('上架单');
    expect(text).toContain(code);
    expect(text).toContain(warehouse);
    // Every good of the receipt, as the list answers them by its code (the print file's gather: same).
    const goods = await wh.call<{ list: { receiveCode: string }[] }>(
      'POST',
      '/gateApi/storageAdmin/putaway/web/findPutawayItemByPage',
      { pageNo: 1, pageSize: 500, receiveCode: code },
    );
    const count = goods.list.filter((g) => g.receiveCode === code).length;
    await expect(row.tab.locator('.pr-sheet tbody tr').count()).resolves.toBeGreaterThanOrEqual(count);
    await row.tab.close();

    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    const batch = await printTab(
      page,
      page.getByTestId('batch-bar').locator('[data-action="print:unupList"]'),
    );
    expect(batch.state).toBe('ready');
    const param = decodeURIComponent(new URL(batch.tab.url()).pathname.replace('/print/unupList/', ''));
    expect(param).toMatch(/^SJ-\d{17}$/);
    expect(await batch.tab.locator('.pr-root').innerText()).toContain(warehouse);
    await batch.tab.close();
    await page.close();
  });

  it('pending-delivery orders (md001): his store’s orders only; the slip of the row’s order', async () => {
    const page = await listPage(md, '/admin/shop/waitDeliverList');
    expect(new Set(await column(page, '配送门店'))).toEqual(new Set(['杭州文三路店']));
    const code = (await column(page, '订单号'))[0]!;
    expect(code).toMatch(/^APP\d{14}$/);
    const { tab, state } = await printTab(
      page,
      rows(page).first().locator('[data-action="print:undelivered"]'),
    );
    expect(state).toBe('ready');
    expect(new URL(tab.url()).pathname).toBe(`/print/UndeliveredPrint/${code}`);
    const text = await tab.locator('.pr-root').innerText();
    expect(text).toContain('配送单');
    expect(text).toContain(code);
    await tab.close();
    await page.close();
  });

  it('stock-out orders (wh001): the print page loads the order by its code', async () => {
    const page = await listPage(wh, '/dacang/warehouse/stockOutOrderList');
    const code = (await column(page, '出库单号'))[0]!;
    const { tab, state } = await printTab(page, rows(page).first().locator('[data-action="print:stockOut"]'));
    expect(state).toBe('ready');
    expect(new URL(tab.url()).pathname).toBe(`/print/StockOutPrint/${code}`);
    expect(await tab.locator('.pr-root').innerText()).toContain(code);
    await tab.close();
    await page.close();
  });

  it('purchase orders (hq001): the generic print page reads the row’s order by its id', async () => {
    const page = await listPage(hq, '/admin/purchase/purchaseOrderList');
    const code = (await column(page, '采购单号'))[0]!;
    expect(code).toMatch(/^CG\d{12}$/);
    const { tab, state } = await printTab(
      page,
      rows(page).first().locator('[data-action="print:purchaseOrder"]'),
    );
    expect(state).toBe('ready');
    const found = await hq.call<{ list: { id: number; orderCode: string }[] }>(
      'POST',
      '/api/v1/purchase/purchaseOrder/findByPage',
      { keyword: code },
    );
    const order = found.list.find((o) => o.orderCode === code)!;
    expect(new URL(tab.url()).pathname).toBe(`/print/doc/purchaseOrder/${order.id}`);
    const text = await tab.locator('.pr-root').innerText();
    expect(text).toContain('采购订单');
    expect(text).toContain(code);
    for (const title of ['供应商', '收货仓库', '采购数量', '已收数量', '采购员', '供应商确认'])
      expect(text).toContain(title);
    const detail = await hq.call<{ itemList: unknown[] }>(
      'GET',
      `/api/v1/purchase/purchaseOrder/detail/${order.id}`,
    );
    await expect(tab.locator('.pr-sheet tbody tr').count()).resolves.toBeGreaterThanOrEqual(
      detail.itemList.length,
    );
    await tab.close();
    await page.close();
  });
});

/** The id of a receipt by its code (the get endpoint is keyed by id). */
async function firstId(session: PrintSession, code: string): Promise<number> {
  const page = await session.call<{ list: { id: number }[] }>(
    'POST',
    '/gateApi/storageAdmin/receiveOrder/web/findReceiveOrderByPage',
    { receiveCode: code },
  );
  return page.list[0]!.id;
}
