import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents } from './resource-helpers';

const JOBS = '/api/v1/export/jobs';
const IMPORT = '/api/v1/import/jobs';
const LIST = '/api/v1/platform/order/findByPage';
const CREATE = '/api/v1/platform/order/add';
const SYNC = '/api/v1/platform/order/sync';
const RECONCILE = '/api/v1/platform/order/aggregate/byPlatformStoreDay';
const PAGE = 'admin/platformOrderList';

type Row = Record<string, unknown>;
type Job = {
  id: number;
  status: number;
  error: string | null;
  rowCount: number;
  result: { created: number; errorCount: number; errors: { row: number; column: string; message: string }[] };
};

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/** Each platform's export layout (pages/admin/platformOrderList.json `headers`), in our field order. */
const HEADERS = {
  meituan: [
    '订单编号',
    '门店ID',
    '订单状态',
    '下单时间',
    '商品总价',
    '美团补贴',
    '商家补贴',
    '平台服务费',
    '商家应收',
    '商品',
  ],
  eleme: [
    '订单号',
    '店铺ID',
    '订单状态',
    '下单时间',
    '商品原价',
    '平台补贴',
    '商户补贴',
    '服务费',
    '本单预计收入',
    '商品信息',
  ],
  jddj: [
    '到家订单号',
    '门店编号',
    '订单状态',
    '下单时间',
    '商品金额',
    '平台承担优惠',
    '商家承担优惠',
    '佣金',
    '应结金额',
    '商品明细',
  ],
} as const;

/** The China day of a date-time as the list answers it. */
const chinaDay = (v: unknown) => new Date(Date.parse(String(v)) + 8 * 3_600_000).toISOString().slice(0, 10);

// Issue 17.3: third-party platform orders on the engine — each platform's export imported under its own
// column titles, validated row by row (any error: nothing imported, every error by row in Chinese), the
// store resolved from the platform store mapping, the demo feed behind its provider pulled idempotently,
// and the reconciliation's figures equal to the orders' own, per platform, store and day.
describe('platform orders', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let tip: string;
  beforeAll(async () => {
    t = await createTestApp({ PLATFORM_PROVIDER: 'demo' });
    [hq, md, tip] = [await t.login('hq001'), await t.login('md001'), await t.login('tip001')];
  }, 60_000);
  afterAll(() => t.close());

  async function finished(id: number): Promise<Job> {
    for (let i = 0; i < 300; i++) {
      const list = (await t.json(hq, 'GET', `${JOBS}?kind=import&ids=${id}`)).body.data.list as Job[];
      if (list[0] && list[0].status >= 2) return list[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the import did not finish');
  }
  async function importFile(layout: keyof typeof HEADERS, fileName: string, content: string | Buffer) {
    const started = await t.json(hq, 'POST', IMPORT, {
      page: `${PAGE}:${layout}`,
      fileName,
      content: b64(content),
    });
    expect(started.status, JSON.stringify(started.body.result)).toBe(200);
    return finished(started.body.data.id as number);
  }
  const csv = (layout: keyof typeof HEADERS, rows: (string | number)[][]) =>
    [HEADERS[layout].join(','), ...rows.map((r) => r.join(','))].join('\n');
  const stored = async (nos: string[]) =>
    (
      await sql<Row>`select platform, platform_order_no, store_id, platform_status, status, source,
          goods_amount::text, commission::text, settlement_amount::text, our_amount::text, difference_amount::text
        from platform_order where platform_order_no in (${sql.join(nos)}) order by platform, platform_order_no`.execute(
        t.database.db,
      )
    ).rows;

  it('the seeded orders were brought to their own status through the engine, beside the platform’s', async () => {
    const { rows } = await sql<{ status: number | null; platformStatus: number; n: number }>`
      select status, platform_status as "platformStatus", count(*)::int as n from platform_order
      group by status, platform_status order by status, platform_status`.execute(t.database.db);
    expect(rows.filter((r) => r.status === null)).toEqual([]);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 20, 30]));
    // Cancelled on the platform: cancelled here; reconciled only once completed there.
    expect(rows.filter((r) => (r.platformStatus === 5) !== (r.status === 0))).toEqual([]);
    expect(rows.filter((r) => r.status === 30 && r.platformStatus !== 4)).toEqual([]);
  });

  it(
    'imports a good file of each platform under its own column titles, the store from the mapping',
    { timeout: 60_000 },
    async () => {
      // 美团: CSV with its titles; MT10011 is store 11's, MT10012 store 12's (schemas/seed/platformStore.json).
      const mt = await importFile(
        'meituan',
        '美团订单.csv',
        csv('meituan', [
          [
            'T17MT0001',
            'MT10011',
            '已完成',
            '2026-11-19 12:30:00',
            '100.00',
            '5',
            '2',
            '8',
            '90.00',
            '苹果、香蕉',
          ],
          ['T17MT0002', 'MT10012', '配送中', '2026-11-19 18:05', '45.5', '0', '0', '3.64', '41.86', ''],
        ]),
      );
      expect([mt.status, mt.result.created, mt.error]).toEqual([2, 2, null]);
      // 饿了么: an xlsx whose time is a real date cell.
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('订单');
      ws.addRow([...HEADERS.eleme]);
      ws.addRow([
        'T17ELM0001',
        'ELM20011',
        '已完成',
        new Date(Date.UTC(2026, 10, 18, 9, 15, 0)),
        60,
        3,
        0,
        4.8,
        55.2,
        '菠菜',
      ]);
      const eleme = await importFile('eleme', '饿了么订单.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      expect([eleme.status, eleme.result.created]).toEqual([2, 1]);
      // 京东到家: JSON records as its API answers them ({ orders: [...] }), keys its column titles.
      const record = (no: string, store: string) =>
        Object.fromEntries(
          HEADERS.jddj.map((h, i) => [
            h,
            [no, store, '已完成', '2026-11-17 20:00:00', 88.8, 0, 1, 7.1, 80.7, '牛奶'][i],
          ]),
        );
      const jd = await importFile(
        'jddj',
        '京东到家.json',
        JSON.stringify({ orders: [record('T17JD0001', 'JD30013')] }),
      );
      expect([jd.status, jd.result.created]).toEqual([2, 1]);

      expect(await stored(['T17MT0001', 'T17MT0002', 'T17ELM0001', 'T17JD0001'])).toEqual([
        // our amount = goods − our discount − commission; difference = settlement − ours
        {
          platform: 1,
          platformOrderNo: 'T17MT0001',
          storeId: 11,
          platformStatus: 4,
          status: 10,
          source: 1,
          goodsAmount: '100.00',
          commission: '8.00',
          settlementAmount: '90.00',
          ourAmount: '90.00',
          differenceAmount: '0.00',
        },
        {
          platform: 1,
          platformOrderNo: 'T17MT0002',
          storeId: 12,
          platformStatus: 3,
          status: 10,
          source: 1,
          goodsAmount: '45.50',
          commission: '3.64',
          settlementAmount: '41.86',
          ourAmount: '41.86',
          differenceAmount: '0.00',
        },
        {
          platform: 2,
          platformOrderNo: 'T17ELM0001',
          storeId: 11,
          platformStatus: 4,
          status: 10,
          source: 1,
          goodsAmount: '60.00',
          commission: '4.80',
          settlementAmount: '55.20',
          ourAmount: '55.20',
          differenceAmount: '0.00',
        },
        {
          platform: 3,
          platformOrderNo: 'T17JD0001',
          storeId: 13,
          platformStatus: 4,
          status: 10,
          source: 1,
          goodsAmount: '88.80',
          commission: '7.10',
          settlementAmount: '80.70',
          ourAmount: '80.70',
          differenceAmount: '0.00',
        },
      ]);
      const got = await t.json(hq, 'POST', LIST, { keyword: 'T17ELM0001' });
      expect(got.body.data.list[0]).toMatchObject({
        storeName: '杭州文三路店',
        orderTime: expect.any(String),
      });
      expect(chinaDay(got.body.data.list[0].orderTime)).toBe('2026-11-18');
    },
  );

  it(
    'refuses a bad file with row-numbered Chinese errors and imports none of its rows',
    { timeout: 60_000 },
    async () => {
      const job = await importFile(
        'meituan',
        '美团订单.csv',
        csv('meituan', [
          ['T17BAD0001', 'MT10011', '已完成', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
          ['T17BAD0002', 'MT10011', '已完成', '2026-11-19 10:00', 'abc', '0', '0', '0.8', '9.2', ''],
          ['T17BAD0003', 'MT10011', '不存在的状态', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
          ['T17BAD0004', 'MT99999', '已完成', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
          ['', 'MT10011', '已完成', '', '10', '0', '0', '0.8', '9.2', ''],
        ]),
      );
      expect(job.status).toBe(3);
      expect(job.error).toMatch(/^有\d+处错误，未导入任何数据/);
      expect(job.result.created).toBe(0);
      const errors = job.result.errors.map((e) => [e.row, e.column, e.message]);
      // Named by the file's column, told in the field's words.
      expect(errors).toContainEqual([3, '商品总价', '商品金额必须是数字']);
      expect(errors).toContainEqual([4, '订单状态', '请选择正确的平台状态']);
      // An unmapped platform store, in the reference's own words with the platform's name.
      expect(errors).toContainEqual([
        5,
        '门店ID',
        '美团门店【MT99999】未设置门店映射，请先在平台门店映射中添加',
      ]);
      expect(errors).toContainEqual([6, '订单编号', '请输入平台订单号']);
      expect(errors).toContainEqual([6, '下单时间', '请输入下单时间']);
      // Every message Chinese; the valid first row was not imported either.
      for (const e of job.result.errors) expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(errors.some(([row]) => row === 2)).toBe(false);
      expect(await stored(['T17BAD0001', 'T17BAD0002', 'T17BAD0003', 'T17BAD0004'])).toEqual([]);
    },
  );

  it('refuses an order of an unmapped or disabled platform store, whichever way it comes', async () => {
    const body = {
      platform: 2,
      platformOrderNo: 'T17UNMAPPED',
      platformStoreId: 'MT10011', // a 美团 store id: no 饿了么 store has it
      platformStatus: 4,
      orderTime: '2026-11-19 12:00:00',
      goodsAmount: 10,
      settlementAmount: 9.2,
    };
    const refused = await t.json(hq, 'POST', CREATE, body);
    expect([refused.status, refused.body.result.msg]).toEqual([
      400,
      '饿了么门店【MT10011】未设置门店映射，请先在平台门店映射中添加',
    ]);
    const made = await t.json(hq, 'POST', CREATE, { ...body, platformStoreId: 'ELM20012' });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    expect(await stored(['T17UNMAPPED'])).toMatchObject([{ platform: 2, storeId: 12 }]);
  });

  it(
    'refuses a platform order number already imported, by row, and imports nothing of that file',
    { timeout: 60_000 },
    async () => {
      const job = await importFile(
        'meituan',
        '美团订单.csv',
        csv('meituan', [
          ['T17DUP0001', 'MT10011', '已完成', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
          ['T17MT0001', 'MT10011', '已完成', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
        ]),
      );
      expect(job.status).toBe(3);
      expect(job.result.errors).toEqual([
        { row: 3, column: '-', message: '该平台订单号已存在，请勿重复导入' },
      ]);
      expect(await stored(['T17DUP0001'])).toEqual([]);
      // Unique per platform: the same number on another platform is another order.
      const other = await importFile(
        'eleme',
        '饿了么订单.csv',
        csv('eleme', [
          ['T17MT0001', 'ELM20011', '已完成', '2026-11-19 10:00', '10', '0', '0', '0.8', '9.2', ''],
        ]),
      );
      expect([other.status, other.result.created]).toEqual([2, 1]);
    },
  );

  it(
    'pulls the demo feed of every mapped store; a second pull stores nothing twice',
    { timeout: 60_000 },
    async () => {
      const fed = async () =>
        Number(
          (
            await sql<{ n: number }>`select count(*)::int as n from platform_order where source = 2`.execute(
              t.database.db,
            )
          ).rows[0]!.n,
        );
      const before = await fed();
      const first = await t.json(hq, 'POST', SYNC, {});
      expect(first.status, JSON.stringify(first.body.result)).toBe(200);
      const { pulled, created, existing } = first.body.data as {
        pulled: number;
        created: number;
        existing: number;
      };
      expect(pulled).toBeGreaterThan(0);
      expect(created + existing).toBe(pulled);
      expect(await fed()).toBe(before + created);
      const again = await t.json(hq, 'POST', SYNC, {});
      expect(again.body.data).toMatchObject({
        created: 0,
        message: expect.stringMatching(/^没有新的平台订单/),
      });
      expect(again.body.data.existing).toBeGreaterThanOrEqual(pulled);
      expect(await fed()).toBe(before + created);
      // Every fed order found its store through the mapping and has our amounts.
      const rows = (
        await sql<Row>`select store_id, our_amount::text, goods_amount::text, merchant_discount::text, commission::text
        from platform_order where source = 2`.execute(t.database.db)
      ).rows;
      for (const r of rows) {
        expect(r.storeId).toBeGreaterThan(0);
        expect(cents(r.ourAmount)).toBe(
          cents(r.goodsAmount) - cents(r.merchantDiscount) - cents(r.commission),
        );
      }
    },
  );

  it(
    'reconciles per platform, store and day: the figures are the sums of the completed orders',
    { timeout: 60_000 },
    async () => {
      const filters = { platform: 1, orderTime: ['2026-10-01', '2026-11-20'] };
      const res = await t.json(tip, 'POST', RECONCILE, filters);
      expect(res.status, JSON.stringify(res.body.result)).toBe(200);
      const rows = res.body.data.rows as {
        key: string;
        series: number;
        detail: number;
        detailLabel: string;
        value: number;
        values: { orders: number; ourAmount: number; differenceAmount: number };
      }[];
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThan(200);
      // The same orders read through the list, added up here.
      const list = (await t.json(hq, 'POST', LIST, { ...filters, platformStatus: [4], pageSize: 500 })).body
        .data;
      expect(list.total).toBeLessThan(500);
      const expected = new Map<
        string,
        { n: number; settle: number; ours: number; diff: number; store: string }
      >();
      for (const o of list.list as Row[]) {
        const k = `${chinaDay(o.orderTime)}|${String(o.platform)}|${String(o.storeId)}`;
        const e = expected.get(k) ?? { n: 0, settle: 0, ours: 0, diff: 0, store: String(o.storeName) };
        e.n++;
        e.settle += cents(o.settlementAmount);
        e.ours += cents(o.ourAmount);
        e.diff += cents(o.differenceAmount);
        expected.set(k, e);
      }
      expect(new Set(rows.map((r) => `${r.key}|${r.series}|${r.detail}`))).toEqual(new Set(expected.keys()));
      for (const r of rows) {
        const e = expected.get(`${r.key}|${r.series}|${r.detail}`)!;
        expect([
          r.values.orders,
          cents(r.value),
          cents(r.values.ourAmount),
          cents(r.values.differenceAmount),
        ]).toEqual([e.n, e.settle, e.ours, e.diff]);
        expect(r.detailLabel).toBe(e.store);
        expect(cents(r.value) - cents(r.values.ourAmount)).toBe(cents(r.values.differenceAmount));
      }
      // Latest days first: without a date range the limit keeps the recent ones.
      const days = rows.map((r) => r.key);
      expect(days).toEqual([...days].sort().reverse());
      const unfiltered = (await t.json(tip, 'POST', RECONCILE, {})).body.data.rows as { key: string }[];
      expect(unfiltered.length).toBeLessThanOrEqual(200);
      expect(unfiltered[0]!.key >= days[0]!).toBe(true);
      // The seeded bills are not all right: some days show a difference to explain.
      expect(rows.some((r) => r.values.differenceAmount !== 0)).toBe(true);
    },
  );

  it(
    'scopes the orders per role and refuses what a role may not do (401 E0401)',
    { timeout: 60_000 },
    async () => {
      const own = await t.json(md, 'POST', LIST, { pageSize: 500 });
      expect(own.status).toBe(200);
      expect(own.body.data.total).toBeGreaterThan(0);
      expect((own.body.data.list as Row[]).every((r) => r.storeId === 11)).toBe(true);
      const all = await t.json(hq, 'POST', LIST, { pageSize: 1 });
      expect(all.body.data.total).toBeGreaterThan(own.body.data.total as number);
      const other = (await t.json(hq, 'POST', LIST, { storeId: 12, pageSize: 1 })).body.data.list[0] as Row;
      expect((await t.json(md, 'GET', `/api/v1/platform/order/detail/${String(other.id)}`)).status).toBe(404);

      const denied = async (token: string, url: string, body: unknown = {}) => {
        const r = await t.json(token, 'POST', url, body);
        expect([r.status, r.body.result.code]).toEqual([401, 'E0401']);
      };
      // The store manager neither pulls, imports nor reads the reconciliation; finance only reads it.
      await denied(md, SYNC);
      await denied(md, RECONCILE);
      await denied(md, CREATE, { platformOrderNo: 'X' });
      await denied(tip, SYNC);
      await denied(tip, CREATE, { platformOrderNo: 'X' });
      const imp = await t.json(md, 'POST', IMPORT, {
        page: `${PAGE}:meituan`,
        fileName: 'a.csv',
        content: b64('a'),
      });
      expect([imp.status, imp.body.result.code]).toEqual([401, 'E0401']);
      // Finance reads the whole chain's reconciliation and the orders behind it.
      expect((await t.json(tip, 'POST', LIST, { pageSize: 1 })).body.data.total).toBe(all.body.data.total);
    },
  );
});
