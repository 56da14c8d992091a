import type { Page } from 'playwright-core';
import type { PickOrderDetail as PickOrder } from '../src/generated/resources/pickOrder';
import { launchBrowser } from '../tests/fixtures/browser';
import { startServer } from '../tests/fixtures/server-process';
import { receiptOf, stored } from '../tests/e2e/print-fixtures';
import { fillStorage, printSession } from '../tests/e2e/print-helpers';
import { type Figure, ratioFigure, toMarkdown } from './lib/report';

/**
 * Issue 8: time to print-ready of the print pages (src/print/ready.ts: the document rendered, its
 * barcodes drawn, fonts loaded), measured in the page from navigation start, at 50 and 200 lines:
 * the receipt (session storage, no document call) and the 200-line pick order (its API call included).
 * Reference, same run: a bare HTML table of the same lines and fonts, set as the page's content.
 * `npx tsx bench/print-ready.ts` alone, or `benchPrintReady` from bench/run.ts.
 */
const RUNS = 5;
const PICK_LIST = '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList';
const PICK_GET = '/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Records, in the page, when the print root first says it is ready (ms since navigation start). */
const watchReady = () => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('.pr-root[data-print-ready="true"]')) {
      (window as unknown as { __readyAt: number }).__readyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-print-ready'] });
};

async function readyTime(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __readyAt?: number }).__readyAt !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  return page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
}

/** The same lines as a static table in the same fonts: what printing them costs without the app. */
async function bareTable(page: Page, order: PickOrder, lines: number): Promise<number> {
  const rows = order.itemList
    .slice(0, lines)
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${l.commodityCode}</td><td>${l.commodityName}</td><td>${l.pickQuantity}</td></tr>`,
    )
    .join('');
  const started = Date.now();
  await page.setContent(
    `<html><body style="font-family:'Noto Sans CJK SC'"><table><thead><tr><th>序号</th><th>编码</th><th>名称</th><th>数量</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return Date.now() - started;
}

export async function benchPrintReady(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const s = await printSession(browser, server.url, 'hq001');
    await s.context.addInitScript(watchReady);
    const longest = await s.call<{ list: { pickOrderCode: string }[] }>('POST', PICK_LIST, {
      pageNo: 1,
      pageSize: 1,
      sort: [{ field: 'lineCount', order: 'descend' }],
    });
    const order = await s.call<PickOrder>('GET', `${PICK_GET}/${longest.list[0]!.pickOrderCode}`);
    const page = await s.context.newPage();
    // Warm-up: chunks in the HTTP cache, fonts loaded once, as on a clerk's machine after the first print.
    await fillStorage(page, server.url, 'sessionStorage', {
      'fresh.print.receive.W': stored(receiptOf(order, 5)),
    });
    await readyTime(page, `${server.url}/print/reveiveAdd/W`);

    const figures: Figure[] = [];
    for (const lines of [50, 200]) {
      const key = `R${lines}`;
      await fillStorage(page, server.url, 'sessionStorage', {
        [`fresh.print.receive.${key}`]: stored(receiptOf(order, lines)),
      });
      const times: number[] = [];
      const refs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        times.push(await readyTime(page, `${server.url}/print/reveiveAdd/${key}`));
        refs.push(await bareTable(page, order, lines));
      }
      figures.push(
        ratioFigure({
          bench: 'print',
          metric: `收货单 ${lines} lines: navigation → print-ready (median of ${RUNS})`,
          value: median(times),
          unit: 'ms',
          reference: median(refs),
          referenceName: 'bare table, same lines',
          target: '≤ 2,000 ms',
          met: median(times) <= 2000,
        }),
      );
    }
    const pick: number[] = [];
    const refs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      pick.push(await readyTime(page, `${server.url}/print/pickPC/${order.pickOrderCode}`));
      refs.push(await bareTable(page, order, 200));
    }
    figures.push(
      ratioFigure({
        bench: 'print',
        metric: `拣货单 200 lines (API call included): navigation → print-ready (median of ${RUNS})`,
        value: median(pick),
        unit: 'ms',
        reference: median(refs),
        referenceName: 'bare table, same lines',
        target: '≤ 2,500 ms',
        met: median(pick) <= 2500,
      }),
    );
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // @ts-expect-error plain ESM script without types
  const { buildIfStale } = await import('../scripts/build-if-stale.mjs');
  buildIfStale({ quiet: true });
  const figures = await benchPrintReady();
  console.log(toMarkdown(figures, { date: new Date().toISOString() }));
}
