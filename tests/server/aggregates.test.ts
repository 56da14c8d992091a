import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents, userWith } from './resource-helpers';

type Row = Record<string, unknown>;

const LIST = '/api/v1/purchase/purchaseOrder/findByPage';
const AGG = '/api/v1/purchase/purchaseOrder/aggregate/';
const APPROVED = [20, 30, 40, 50];
const DAY = 86_400_000;

/** Money in cents: the expectations add integers, never floats. */
const chinaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
const todayInChina = () => chinaDay(new Date().toISOString());
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

function sumBy(rows: Row[], key: (r: Row) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + cents(r.totalAmount));
  return out;
}

// Resource `aggregates` (docs/schemas.md "Charts and aggregates"): each figure equals what the list's
// own rows add up to, computed here in JavaScript from the list endpoint, with the list's filters and
// the aggregate's fixed conditions; its own permission; Chinese messages for bad filters.
describe('aggregates', () => {
  let t: TestApp;
  let hq: string;
  let orders: Row[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.json(hq, 'POST', LIST, { pageNo, pageSize: 500 });
      orders.push(...(page.body.data.list as Row[]));
      if (orders.length >= page.body.data.total) break;
    }
    orders = orders.filter(Boolean);
  });
  afterAll(() => t.close());

  const agg = async (name: string, body: Row = {}, token = hq) => t.json(token, 'POST', AGG + name, body);

  it('a total without dimensions applies the fixed conditions and the filters', async () => {
    expect(orders.length).toBeGreaterThan(20);
    const approved = orders.filter((o) => APPROVED.includes(o.status as number));
    const total = await agg('amountTotal');
    expect(total.status).toBe(200);
    expect(cents(total.body.data.rows[0].value)).toBe(approved.reduce((n, o) => n + cents(o.totalAmount), 0));
    const supplierId = approved[0]!.supplierId;
    const one = await agg('amountTotal', { supplierId });
    const mine = approved.filter((o) => o.supplierId === supplierId);
    expect(cents(one.body.data.rows[0].value)).toBe(mine.reduce((n, o) => n + cents(o.totalAmount), 0));
    const count = await agg('orderCount', { status: [0] });
    expect(count.body.data.rows).toEqual([{ value: orders.filter((o) => o.status === 0).length }]);
  });

  it('groups by an enum field, by a labelled reference (top N by value) and by China month', async () => {
    const byStatus = await agg('countByStatus');
    const expected = new Map<number, number>();
    for (const o of orders) expected.set(o.status as number, (expected.get(o.status as number) ?? 0) + 1);
    expect(byStatus.body.data.rows).toEqual(
      [...expected.entries()].sort((a, b) => a[0] - b[0]).map(([key, value]) => ({ key, value })),
    );

    const approved = orders.filter((o) => APPROVED.includes(o.status as number));
    const bySupplier = await agg('amountBySupplier');
    const sums = sumBy(approved, (o) => String(o.supplierId));
    const rows = bySupplier.body.data.rows as Row[];
    expect(rows.length).toBe(Math.min(10, sums.size));
    const values = rows.map((r) => cents(r.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBe(Math.max(...sums.values()));
    for (const r of rows) {
      expect(cents(r.value)).toBe(sums.get(String(r.key)));
      expect(r.label).toBe(approved.find((o) => o.supplierId === r.key)!.supplierName);
    }

    const byMonth = await agg('amountByMonth');
    const months = sumBy(approved, (o) => chinaDay(o.createTime as string).slice(0, 7));
    expect((byMonth.body.data.rows as Row[]).map((r) => [r.key, cents(r.value)])).toEqual(
      [...months.entries()].sort((a, b) => a[0].localeCompare(b[0])),
    );
  });

  it('buckets ages in days and fills every day of a recent window', async () => {
    const today = todayInChina();
    const open = orders.filter((o) => [20, 30].includes(o.status as number));
    const bucket = (o: Row) => {
      if (!o.approveTime) return 'null';
      const age = daysBetween(chinaDay(o.approveTime as string), today);
      return String(age <= 7 ? 0 : age <= 14 ? 1 : age <= 30 ? 2 : 3);
    };
    const ages = await agg('openByAge');
    const labels = ['0–7天', '8–14天', '15–30天', '30天以上'];
    const sums = sumBy(open, bucket);
    expect((ages.body.data.rows as Row[]).map((r) => [String(r.key), r.label, cents(r.value)])).toEqual(
      [...sums.entries()].sort().map(([k, v]) => [k, labels[Number(k)], v]),
    );
    expect(sums.size).toBeGreaterThan(1);

    const daily = await agg('dailyAmount');
    const rows = daily.body.data.rows as Row[];
    const days = [...new Set(rows.map((r) => r.key as string))];
    expect(days.length).toBe(30);
    expect(days[29]).toBe(today);
    expect(daysBetween(days[0]!, today)).toBe(29);
    const recent = orders.filter((o) => daysBetween(chinaDay(o.createTime as string), today) < 30);
    const statuses = new Set(recent.map((o) => o.status));
    expect(rows.length).toBe(30 * statuses.size);
    const sums2 = sumBy(recent, (o) => `${chinaDay(o.createTime as string)}|${o.status}`);
    for (const r of rows) expect(cents(r.value)).toBe(sums2.get(`${r.key}|${r.series}`) ?? 0);
  });

  it('refuses bad filters in Chinese and callers without the permission', async () => {
    const bad = await agg('amountTotal', { createTime: ['2026-13-45', null] });
    expect(bad.status).toBe(400);
    expect(bad.body.result.msg).toMatch(/日期格式不正确/);
    const unknown = await agg('amountTotal', { nothing: 1 });
    expect(unknown.status).toBe(400);
    // The receiving clerk may list purchase orders (his receipts pick them) but not chart them.
    const clerk = await userWith(t, 'e00191', ['/dacang/warehouse/purchaseReceiptList']);
    expect((await t.json(clerk, 'POST', LIST, {})).status).toBe(200);
    const refused = await agg('amountTotal', {}, clerk);
    expect(refused.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
  });

  it("stock totals cover the whole filtered set within the caller's warehouses (16.1)", async () => {
    const wh = await t.login('wh001');
    const STOCK = '/api/v1/storage/stock/';
    const rows: Row[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.json(wh, 'POST', `${STOCK}findByPage`, { pageNo, pageSize: 500 });
      rows.push(...(page.body.data.list as Row[]));
      if (rows.length >= page.body.data.total) break;
    }
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((r) => r.warehouseId))).toEqual(new Set([21]));
    const milli = (v: unknown) => Math.round(Number(v) * 1000);
    const total = async (name: string, body: Row = {}) =>
      (await t.json(wh, 'POST', `${STOCK}aggregate/${name}`, body)).body.data.rows[0].value;
    expect(await total('batchCount')).toBe(rows.length);
    expect(await total('commodityCount')).toBe(new Set(rows.map((r) => r.commodityCode)).size);
    expect(milli(await total('quantityTotal'))).toBe(rows.reduce((n, r) => n + milli(r.quantity), 0));
    const code = rows[0]!.commodityCode as string;
    const mine = rows.filter((r) =>
      [r.commodityCode, r.commodityName, r.batchNo].some((v) =>
        String(v ?? '')
          .toLowerCase()
          .includes(code.toLowerCase()),
      ),
    );
    expect(milli(await total('availableTotal', { keyword: code }))).toBe(
      mine.reduce((n, r) => n + milli(r.availableQuantity), 0),
    );
  });
});
