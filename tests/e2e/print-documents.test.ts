import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickOrderDetail as PickOrder } from '../../src/generated/resources/pickOrder';
import type { StockOutOrderDetail as StockOutOrder } from '../../src/generated/resources/stockOutOrder';
import { openBrowser } from './browser';
import { receiptOf, replenishmentOf, stored, unshelvedOf } from './print-fixtures';
import { fillStorage, openPrint, type PrintSession, printPdf, printSession } from './print-helpers';
import { normalise, pageBarcodes, pageTexts, renderPage } from './print-pdf';
import { laneURL } from './lane';

// Issue 8: each of the nine print routes (SPEC 2.14) on seeded documents, printed to PDF by Chromium
// and read back: pages, the code's barcode, the header on every page. PRINT_ARTIFACTS=<dir> keeps
// the PDFs and a PNG of each first page for a look.
const PICK_LIST = '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList';
const PICK_GET = '/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode';
const STOCK_OUT_LIST = '/gateApi/storageAdmin/stockOutOrder/findStockOutOrderByPage';
const STOCK_OUT_GET = '/gateApi/storageAdmin/stockOutOrder/findStockOutOrderAndItemById';
const TRANSFER_LIST = '/gateApi/storageAdmin/transferApply/web/findByPage';
// Cloud-supermarket orders (the pending-delivery list is their status 4, 待配送).
const CLOUD_ORDER_LIST = '/api/v1/shop/findAppOrderByPage';
const OBTAIN_LIST = '/gateApi/storageAdmin/DpObtainOutOrder/web/findDpObtainOutOrderByPage';

const artifacts = process.env.PRINT_ARTIFACTS;

interface Printed {
  pdf: Buffer;
  texts: string[];
}

/** Prints the page to PDF and reads every page's text (kept under PRINT_ARTIFACTS when set). */
async function print(page: Page, name: string): Promise<Printed> {
  const pdf = await printPdf(page);
  const texts = await pageTexts(pdf);
  if (artifacts) {
    fs.mkdirSync(artifacts, { recursive: true });
    fs.writeFileSync(path.join(artifacts, `${name}.pdf`), pdf);
    fs.writeFileSync(path.join(artifacts, `${name}-1.png`), (await renderPage(pdf, 1, 1.5)).png);
  }
  return { pdf, texts };
}

/**
 * Every page carries the running header (company, document, code) and the table's column titles:
 * a loose page still says what it belongs to, and its columns are named.
 */
function expectHeadersOnEveryPage(texts: string[], runningHeader: string, columns: string) {
  texts.forEach((text, i) => {
    expect(text, `page ${i + 1} running header`).toContain(normalise(runningHeader));
    expect(text, `page ${i + 1} column titles`).toContain(normalise(columns));
    expect(text, `page ${i + 1} page number`).toContain(`第${i + 1}页/共${texts.length}页`);
  });
}

/** The screen-only toolbar is on screen and not on paper. */
async function expectToolbarScreenOnly(page: Page) {
  await expect(page.locator('.pr-print-button').isVisible()).resolves.toBe(true);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.pr-toolbar').isVisible()).resolves.toBe(false);
  await page.emulateMedia({ media: null });
}

describe('the print pages in Chromium, printed to PDF', () => {
  const baseURL = laneURL();
  let browser: Browser;
  let hq: PrintSession;
  let big: PickOrder;

  beforeAll(async () => {
    browser = await openBrowser();
    hq = await printSession(browser, baseURL, 'hq001');
    const longest = await hq.call<{ list: { pickOrderCode: string }[] }>('POST', PICK_LIST, {
      pageNo: 1,
      pageSize: 20,
      sort: [{ field: 'lineCount', order: 'descend' }],
    });
    big = await hq.call<PickOrder>('GET', `${PICK_GET}/${longest.list[0]!.pickOrderCode}`);
  });
  afterAll(() => browser?.close());

  it('pickPC: the 200-line pick order over several pages, header and columns on each', async () => {
    expect(big.itemList).toHaveLength(200);
    const page = await hq.context.newPage();
    await expect(openPrint(page, baseURL, `/print/pickPC/${big.pickOrderCode}`)).resolves.toBe('ready');
    await expectToolbarScreenOnly(page);
    const { pdf, texts } = await print(page, 'pickPC');
    expect(texts.length).toBeGreaterThan(1);
    // A4 portrait at 9 pt holds some 35–45 lines a page (the first page less, under the header).
    expect(texts.length).toBeGreaterThanOrEqual(Math.ceil(200 / 45));
    expect(texts.length).toBeLessThanOrEqual(Math.ceil(200 / 30) + 1);
    expect(await pageBarcodes(pdf, 1)).toContain(big.pickOrderCode);
    expectHeadersOnEveryPage(
      texts,
      `鲜丰生鲜·拣货单${big.pickOrderCode}`,
      '序号商品编码商品名称规格条码货位号应拣数量实拣数量备注',
    );
    // Every line is printed once, in order: line n's number runs straight into its commodity code.
    const all = texts.join('|');
    let from = 0;
    big.itemList.forEach((line, i) => {
      const at = all.indexOf(`${i + 1}${line.commodityCode}`, from);
      expect(at, `line ${i + 1}`).toBeGreaterThan(-1);
      from = at;
    });
    expect(texts[0]).toContain(normalise(`门店:${big.storeName}(${big.storeCode})`));
    const total = big.itemList.reduce((s, l) => s + Math.round(l.pickQuantity * 1000), 0) / 1000;
    expect(texts[texts.length - 1]).toContain(`合计${total.toFixed(3)}`);
    await page.close();
  });

  it('UnPickOrderPrint: the lines still to pick, in shelf order, with boxes to fill in', async () => {
    const page = await hq.context.newPage();
    await expect(openPrint(page, baseURL, `/print/UnPickOrderPrint/${big.pickOrderCode}`)).resolves.toBe(
      'ready',
    );
    const shelves = await page.locator('.pr-table tbody tr td:nth-child(2)').allInnerTexts();
    expect(shelves).toHaveLength(200);
    expect(shelves).toEqual([...shelves].sort((a, b) => a.localeCompare(b)));
    await expect(page.locator('.pr-table tbody .pr-check').count()).resolves.toBe(200);
    const { pdf, texts } = await print(page, 'UnPickOrderPrint');
    expect(texts.length).toBeGreaterThan(1);
    expect(await pageBarcodes(pdf, 1)).toContain(big.pickOrderCode);
    expectHeadersOnEveryPage(texts, `鲜丰生鲜·拣货清单${big.pickOrderCode}`, '序号货位号商品编码商品名称');
    await page.close();
  });

  it('StockOutPrint: parties, referCode split into codes, every line with its bar codes as barcodes', async () => {
    const list = await hq.call<{ list: { id: number; orderCode: string }[] }>('POST', STOCK_OUT_LIST, {
      pageNo: 1,
      pageSize: 50,
      status: [20],
    });
    // A shipped order with more than one referred code and a line with two bar codes.
    let order: StockOutOrder | undefined;
    for (const row of list.list) {
      const candidate = await hq.call<StockOutOrder>('GET', `${STOCK_OUT_GET}/${row.id}`);
      if (
        (candidate.referCode ?? '').includes(',') &&
        candidate.itemList.some((l) => (l.barCodeList ?? []).length > 1)
      ) {
        order = candidate;
        break;
      }
    }
    expect(order, 'a seeded stock-out order with several refer codes and bar codes').toBeDefined();
    const page = await hq.context.newPage();
    await expect(openPrint(page, baseURL, `/print/StockOutPrint/${order!.orderCode}`)).resolves.toBe('ready');
    const chips = await page.locator('.pr-code-chip').allInnerTexts();
    expect(chips).toEqual(order!.referCode!.split(','));
    const { pdf, texts } = await print(page, 'StockOutPrint');
    expect(texts).toHaveLength(1);
    const barcodes = await pageBarcodes(pdf, 1);
    expect(barcodes).toContain(order!.orderCode);
    for (const code of order!.itemList.flatMap((l) => l.barCodeList ?? [])) expect(barcodes).toContain(code);
    expectHeadersOnEveryPage(
      texts,
      `鲜丰生鲜·出库单${order!.orderCode}`,
      '序号商品编码商品名称单位单价应出数量实出数量金额退货原因备注条码',
    );
    const amount = order!.itemList.reduce((s, l) => s + Math.round((l.totalAmount ?? 0) * 100), 0) / 100;
    expect(texts[0]).toContain(
      amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    await page.close();
  });

  it('reveiveAdd: a 50-line receipt from session storage', async () => {
    const page = await hq.context.newPage();
    const receipt = receiptOf(big, 50);
    await fillStorage(page, baseURL, 'sessionStorage', {
      'fresh.print.receive.SH20260301000088': stored(receipt),
    });
    await expect(openPrint(page, baseURL, '/print/reveiveAdd/SH20260301000088')).resolves.toBe('ready');
    const { pdf, texts } = await print(page, 'reveiveAdd');
    expect(texts.length).toBeGreaterThan(1);
    expect(await pageBarcodes(pdf, 1)).toContain('SH20260301000088');
    expectHeadersOnEveryPage(
      texts,
      '鲜丰生鲜·收货单SH20260301000088',
      '序号商品编码商品名称实收数量单位生产日期到期日期',
    );
    expect(texts[0]).toContain(normalise(`采购单号:${receipt.referOrder.purchaseCode}`));
    expect(texts[0]).toContain(normalise(`供应商:${receipt.referOrder.supplierName}`));
    await page.close();
  });

  it('unupList: the putaway list from session storage, shelved and not shelved', async () => {
    const page = await hq.context.newPage();
    await fillStorage(page, baseURL, 'sessionStorage', {
      'fresh.print.unupList.SJ20260301000005': stored(unshelvedOf(big, 30)),
    });
    await expect(openPrint(page, baseURL, '/print/unupList/SJ20260301000005')).resolves.toBe('ready');
    const states = await page.locator('.pr-table tbody tr td:nth-child(8)').allInnerTexts();
    expect(states.filter((s) => s === '已上架')).toHaveLength(8);
    expect(states.filter((s) => s === '未上架')).toHaveLength(22);
    const { pdf, texts } = await print(page, 'unupList');
    expect(await pageBarcodes(pdf, 1)).toContain('SJ20260301000005');
    expectHeadersOnEveryPage(
      texts,
      '鲜丰生鲜·上架单SJ20260301000005',
      '序号商品编码商品名称规格单位托盘号货位号上架状态实际货位',
    );
    await page.close();
  });

  it('replenishmentPC: rows with status 2 print as done with their quantity, the others left to fill in', async () => {
    const page = await hq.context.newPage();
    const data = replenishmentOf(big, 60);
    await fillStorage(page, baseURL, 'sessionStorage', {
      'fresh.print.replenishment.BH20260301000009': stored(data),
    });
    await expect(openPrint(page, baseURL, '/print/replenishmentPC/BH20260301000009')).resolves.toBe('ready');
    const rows = page.locator('.pr-table tbody tr');
    for (const [i, row] of data.rows.entries()) {
      const real = rows.nth(i).locator('td').nth(7);
      const status = await rows.nth(i).locator('td').nth(8).innerText();
      if (row.status === 2) {
        expect(status).toBe('✓ 已完成');
        await expect(real.innerText()).resolves.toBe(row.realReplenishmentQuantity!.toFixed(3));
      } else {
        expect(status).toBe('待补货');
        await expect(real.locator('.pr-fill').count()).resolves.toBe(1);
      }
    }
    const { pdf, texts } = await print(page, 'replenishmentPC');
    expect(texts.length).toBeGreaterThan(1);
    expect(await pageBarcodes(pdf, 1)).toContain('BH20260301000009');
    expectHeadersOnEveryPage(
      texts,
      '鲜丰生鲜·补货单BH20260301000009',
      '序号商品仓库存储货位拣货货位补货人应补数量实补数量状态',
    );
    await page.close();
  });

  it('UndeliveredPrint: the order ids from local storage, one delivery slip each, starting on its own page', async () => {
    // Two orders awaiting delivery (the slip prints what the list offers), the first a short one.
    const waiting = await hq.call<{ list: { id: number; lineCount: number }[] }>('POST', CLOUD_ORDER_LIST, {
      pageNo: 1,
      pageSize: 50,
      orderStatus: [4],
    });
    const short = waiting.list.find((o) => o.lineCount <= 8)!;
    const other = waiting.list.find((o) => o.id !== short.id)!;
    const page = await hq.context.newPage();
    await fillStorage(page, baseURL, 'localStorage', {
      'fresh.print.undelivered.batch1': stored({ orderIds: [short.id, other.id] }),
    });
    await expect(openPrint(page, baseURL, '/print/UndeliveredPrint/batch1')).resolves.toBe('ready');
    const codes = await page
      .locator('.pr-doc .pr-head-code svg')
      .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-barcode')));
    expect(codes).toHaveLength(2);
    const { pdf, texts } = await print(page, 'UndeliveredPrint');
    // The first order fits one page; the second starts on a new page.
    expect(texts.length).toBeGreaterThanOrEqual(2);
    expect(await pageBarcodes(pdf, 1)).toEqual([codes[0]]);
    expect(await pageBarcodes(pdf, 2)).toEqual([codes[1]]);
    expectHeadersOnEveryPage(
      texts,
      '鲜丰生鲜·配送单共2单',
      '序号商品编码商品名称规格单位数量单价金额促销活动',
    );
    expect(texts[0]).toMatch(/联系电话:1\d{2}\*{4}\d{4}/);
    expect(texts[0]).toContain('订单状态:待配送');
    await page.close();
  });

  it('transferOrderPrint: prints by itself once, after its barcode and fonts are ready; each print is counted', async () => {
    const list = await hq.call<{ list: { orderCode: string }[] }>('POST', TRANSFER_LIST, {
      pageNo: 1,
      pageSize: 1,
      status: [20],
    });
    const code = list.list[0]!.orderCode;
    const page = await hq.context.newPage();
    // The print dialog is the browser's edge: record each call and what was ready at that moment.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { __printCalls: calls });
      window.print = () => {
        calls.push({
          ready: document.querySelector('.pr-root')?.getAttribute('data-print-ready'),
          fonts: document.fonts.status,
          barcodes: document.querySelectorAll('svg[data-barcode-ready]').length,
        });
      };
    });
    await expect(
      openPrint(page, baseURL, `/print/allocateTransfer/transferOrderPrint/${code}`),
    ).resolves.toBe('ready');
    await page.waitForFunction(
      () => (window as unknown as { __printCalls: unknown[] }).__printCalls.length > 0,
    );
    await page.waitForTimeout(300);
    const calls = await page.evaluate(() => (window as unknown as { __printCalls: unknown[] }).__printCalls);
    expect(calls).toEqual([{ ready: 'true', fonts: 'loaded', barcodes: 1 }]);
    const first = await page.locator('.pr-info').innerText();
    const { pdf, texts } = await print(page, 'transferOrderPrint');
    expect(texts).toHaveLength(1);
    expect(await pageBarcodes(pdf, 1)).toContain(code);
    expectHeadersOnEveryPage(texts, `鲜丰生鲜·调拨单${code}`, '序号商品编码商品名称规格单位申请数量实调数量');
    for (const label of ['所属公司', '申请日期', '调出仓', '调入仓', '最晚出库时间', '审核人']) {
      expect(texts[0]).toContain(label);
    }
    await page.reload();
    await page.locator('.pr-root[data-print-ready="true"]').waitFor();
    const times = (s: string) => Number(/第 (\d+) 次/.exec(s)?.[1]);
    expect(times(await page.locator('.pr-info').innerText())).toBe(times(first) + 1);
    await page.close();
  });

  it('finance/print: the department requisition with the amount in capitals', async () => {
    // The first approved one of the seeded requisitions (schemas/seed/obtainOrder.json).
    const approved = await hq.call<{ list: { id: number }[] }>('POST', OBTAIN_LIST, {
      pageNo: 1,
      pageSize: 1,
      status: [1],
      sort: [{ field: 'id', order: 'ascend' }],
    });
    const id = approved.list[0]!.id;
    const order = await hq.call<{ orderCode: string; totalPickAmount: number; departmentName: string }>(
      'GET',
      `/gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById/${id}`,
    );
    expect(order.totalPickAmount).toBeGreaterThan(0);
    const page = await hq.context.newPage();
    await expect(openPrint(page, baseURL, `/print/finance/print/${id}`)).resolves.toBe('ready');
    const { pdf, texts } = await print(page, 'financePrint');
    expect(texts).toHaveLength(1);
    expect(await pageBarcodes(pdf, 1)).toContain(order.orderCode);
    expectHeadersOnEveryPage(
      texts,
      `鲜丰生鲜·部门领用单${order.orderCode}`,
      '序号物品编码物品名称规格单位申领数量实发数量单价金额',
    );
    expect(texts[0]).toContain(normalise(`领用部门:${order.departmentName}`));
    expect(texts[0]).toMatch(/金额合计\(大写\):[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+/);
    await page.close();
  });
});
