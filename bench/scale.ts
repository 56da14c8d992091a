import os from 'node:os';
import pg from 'pg';
import { startServer } from '../tests/fixtures/server-process';
import { START_TIMEOUT_MS, withBenchDatabase } from './lib/pg-database';
import { type Figure, ratioFigure } from './lib/report';
import { signIn } from './lib/session';

/**
 * Issue 21.2, lists at volume: the engine's own tables on PostgreSQL filled to a realistic size
 * (1,000,000 stock-ledger rows, 200,000 cloud-supermarket orders, 50,000 store prices of
 * commodities), and the list endpoints' latency as the browser calls them (signed, hq001):
 * first page, page 1,000, a filtered page and a page sorted by another indexed column, with the
 * ledger at 10k, 100k and 1M rows. Target: first page p95 ≤ 100 ms at 1M and flat from 10k.
 *
 * `BENCH_DATABASE_URL=postgres://… npm run bench -- scale` (a role that may create databases: the
 * bench makes its own and drops it). The server makes the tables and seeds the demo as in real use;
 * the volume is then copied from the demo rows in SQL (generate_series), ANALYZEd, and measured.
 */
const LEDGER = '/api/v1/storage/stockLedger/findByPage';
const ORDERS = '/api/v1/shop/findAppOrderByPage';
const PRICES = '/api/v1/product/commodityPrice/findPriceListByPage';
const SIZES = [10_000, 100_000, 1_000_000];
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES || 40);

/** Ledger rows copied cyclically from the demo's, numbered on; one every 30 s, newest last. */
async function growLedger(db: pg.Client, to: number, demoRows: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from stock_ledger');
  const have = rows[0]!.n;
  if (have >= to) return;
  await db.query(
    `insert into stock_ledger (stock_id, move_type, doc_type, doc_code, warehouse_id, commodity_code,
       commodity_name, shelf_code, batch_no, quantity, locked_quantity, balance_after, operator_name, create_time)
     select s.stock_id, s.move_type, s.doc_type, s.doc_code, s.warehouse_id, s.commodity_code, s.commodity_name,
       s.shelf_code, s.batch_no, s.quantity, s.locked_quantity, s.balance_after, s.operator_name,
       now() - interval '400 days' + g * interval '30 seconds'
     from generate_series($1::int, $2::int) g
     join (select row_number() over (order by id) - 1 as k, count(*) over () as n, * from stock_ledger
           where id <= $3) s on s.k = g % s.n`,
    [have, to - 1, demoRows],
  );
  await db.query('analyze stock_ledger');
}

/** Cloud orders (200,000) and store prices (50,000), copied from the demo's with new codes. */
async function fillOrdersAndPrices(db: pg.Client): Promise<void> {
  await db.query(
    `insert into cloud_order (order_code, shop_id, order_status, delivery_method, receive_man,
       receive_phone, receive_address, receive_time, receive_interval, remark, line_count, goods_amount,
       discount_amount, coupon_amount, freight_amount, pay_amount, create_time, pay_time, finish_time, handler_name)
     select 'BO' || lpad(g::text, 10, '0'), s.shop_id, s.order_status, s.delivery_method,
       s.receive_man, s.receive_phone, s.receive_address, s.receive_time, s.receive_interval, s.remark,
       s.line_count, s.goods_amount, s.discount_amount, s.coupon_amount, s.freight_amount, s.pay_amount,
       now() - interval '400 days' + g * interval '170 seconds', s.pay_time, s.finish_time, s.handler_name
     from generate_series(0, 200000 - (select count(*) from cloud_order) - 1) g
     join (select row_number() over (order by id) - 1 as k, count(*) over () as n, * from cloud_order) s
       on s.k = g % s.n`,
  );
  await db.query(
    `insert into commodity_price (store_code, store_name, commodity_code, commodity_name, commodity_spec,
       unit_name, price_type, price, status, effective_date, update_name, update_time)
     select 'BS' || lpad((g % 50)::text, 3, '0'), s.store_name, 'BC' || lpad((g / 50)::text, 6, '0'),
       s.commodity_name, s.commodity_spec, s.unit_name, s.price_type, s.price, s.status, s.effective_date,
       s.update_name, now() - g * interval '1 minute'
     from generate_series(0, 50000 - (select count(*) from commodity_price) - 1) g
     join (select row_number() over (order by id) - 1 as k, count(*) over () as n, * from commodity_price) s
       on s.k = g % s.n`,
  );
  await db.query('analyze cloud_order');
  await db.query('analyze commodity_price');
}

interface Latency {
  p50: number;
  p95: number;
  total: number;
  exact: boolean;
}

type Call = (path: string, body: object) => Promise<{ total: number; exact: boolean }>;

/** SAMPLES sequential calls after 3 warm-ups (one at a time, as one user pages). */
async function latency(call: Call, path: string, body: object): Promise<Latency> {
  for (let i = 0; i < 3; i++) await call(path, body);
  const times: number[] = [];
  let last = { total: 0, exact: true };
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    last = await call(path, body);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), ...last };
}

const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

export async function benchScale(): Promise<Figure[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return [
      {
        bench: 'scale',
        metric: 'run',
        value: Number.NaN,
        unit: '',
        note: 'skipped: set BENCH_DATABASE_URL',
      },
    ];
  }
  return withBenchDatabase(adminUrl, 'scale', async (url) => {
    const server = await startServer({
      env: { DATABASE_URL: url, DEMO: '1' },
      startTimeoutMs: START_TIMEOUT_MS,
    });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const session = await signIn(server.url);
      const call: Call = async (path, body) => {
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...session.headers() },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as {
          result: { success: boolean; msg: string };
          data: { list: unknown[]; total: number; totalExact?: boolean };
        };
        if (!json.result.success) throw new Error(`${path}: ${json.result.msg}`);
        if (!json.data.list.length) throw new Error(`${path}: an empty page (${JSON.stringify(body)})`);
        return { total: json.data.total, exact: json.data.totalExact !== false };
      };
      // The demo's own rows are the pattern the volume copies.
      const { rows: demo } = await db.query<{ id: number }>('select max(id) as id from stock_ledger');
      const { rows: wh } = await db.query<{ w: number }>(
        'select warehouse_id as w from stock_ledger group by 1 order by count(*) desc limit 1',
      );
      const cases: [string, string, object][] = [
        ['first page', LEDGER, { pageNo: 1, pageSize: 20 }],
        // Pages of 10, so that page 1,000 exists at 10k rows too.
        ['page 1,000 (of 10 rows)', LEDGER, { pageNo: 1000, pageSize: 10 }],
        [
          'filtered (warehouse, move types)',
          LEDGER,
          { warehouseId: wh[0]!.w, moveType: [1, 6], pageSize: 20 },
        ],
        [
          'sorted by createTime ascending',
          LEDGER,
          { sort: [{ field: 'createTime', order: 'ascend' }], pageSize: 20 },
        ],
      ];
      const out: Figure[] = [];
      const firstPage: Record<number, number> = {};
      for (const size of SIZES) {
        let started = Date.now();
        await growLedger(db, size, demo[0]!.id);
        if (size === SIZES[SIZES.length - 1]) await fillOrdersAndPrices(db);
        console.log(`   filled to ${label(size)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        started = Date.now();
        for (const [name, path, body] of cases) {
          const l = await latency(call, path, body);
          if (name === 'first page') firstPage[size] = l.p95;
          const atMillion = size === 1_000_000 && name === 'first page';
          out.push({
            bench: 'scale',
            metric: `stock ledger ${label(size)} rows, ${name}: p95 (p50)`,
            value: l.p95,
            unit: 'ms',
            note: `p50 ${l.p50.toFixed(1)} ms; total ${l.total.toLocaleString('en-US')}${l.exact ? '' : ' (estimate)'}; load ${os.loadavg()[0]!.toFixed(1)}`,
            ...(atMillion ? { target: '≤ 100 ms', met: l.p95 <= 100 } : {}),
          });
        }
      }
      out.push(
        ratioFigure({
          bench: 'scale',
          metric: 'stock ledger first page p95, 1M rows against 10k',
          value: firstPage[1_000_000]!,
          unit: 'ms',
          reference: firstPage[10_000]!,
          referenceName: '10k rows',
          target: 'flat (≤ 1.5×)',
        }),
      );
      const flat = out[out.length - 1]!;
      flat.met = (flat.ratio ?? Infinity) <= 1.5;
      for (const [name, path, body] of [
        ['cloud orders 200k, first page', ORDERS, { pageNo: 1, pageSize: 20 }],
        ['cloud orders 200k, page 1,000', ORDERS, { pageNo: 1000, pageSize: 20 }],
        ['store prices 50k, first page', PRICES, { pageNo: 1, pageSize: 20 }],
        ['store prices 50k, filtered (store)', PRICES, { storeCode: 'BS007', pageSize: 20 }],
      ] as const) {
        const l = await latency(call, path, body);
        out.push({
          bench: 'scale',
          metric: `${name}: p95`,
          value: l.p95,
          unit: 'ms',
          note: `p50 ${l.p50.toFixed(1)} ms; total ${l.total.toLocaleString('en-US')}${l.exact ? '' : ' (estimate)'}; load ${os.loadavg()[0]!.toFixed(1)}`,
        });
      }
      return out;
    } finally {
      await db.end();
      await server.stop();
    }
  });
}
