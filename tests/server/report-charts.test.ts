import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents } from './resource-helpers';

type Row = Record<string, unknown>;

const LOSS = '/api/v1/storage/lossReport/';
const ORDER_LIST = '/api/v1/shop/findAppOrderByPage';
const ORDER_AGG = '/api/v1/shop/appOrder/aggregate/';
/** Paid orders: every status after 待支付 except 已取消 (docs/decisions.md). */
const PAID = [2, 3, 4, 5, 6, 7];
const DAY = 86_400_000;

/** Money in cents: the expectations add integers, never floats. */
const chinaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
const todayInChina = () => chinaDay(new Date().toISOString());
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

function sumBy(rows: Row[], key: (r: Row) => string, field: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + cents(r[field]));
  return out;
}

async function listAll(t: TestApp, token: string, path: string, body: Row = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await t.json(token, 'POST', path, { ...body, pageNo, pageSize: 500 });
    expect(page.status).toBe(200);
    rows.push(...(page.body.data.list as Row[]));
    if (rows.length >= page.body.data.total || page.body.data.list.length === 0) return rows;
  }
}

// Issue 16.6 (monthly loss report) and 17.8 (order statistics) on the engine's aggregates: every
// figure equals what the list's own rows add up to, computed here from the list endpoint.
describe('report charts', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  it('loss report: approved amounts in total, by month, by reason and by warehouse (16.6)', async () => {
    const rows = await listAll(t, hq, LOSS + 'findByPage');
    const approved = rows.filter((r) => r.status === 20);
    expect(approved.length).toBeGreaterThan(0);
    const agg = async (name: string, body: Row = {}) => {
      const res = await t.json(hq, 'POST', `${LOSS}aggregate/${name}`, body);
      expect(res.status).toBe(200);
      return res.body.data.rows as Row[];
    };
    const total = await agg('amountTotal');
    expect(cents(total[0]!.value)).toBe(approved.reduce((n, r) => n + cents(r.totalAmount), 0));

    const byMonth = sumBy(approved, (r) => chinaDay(r.approveTime as string).slice(0, 7), 'totalAmount');
    const months = await agg('amountByMonth');
    expect(months.length).toBe(byMonth.size);
    for (const m of months) expect(cents(m.value)).toBe(byMonth.get(m.key as string));

    const byReason = sumBy(approved, (r) => String(r.reason), 'totalAmount');
    const reasons = await agg('amountByReason');
    expect(reasons.length).toBe(byReason.size);
    for (const m of reasons) expect(cents(m.value)).toBe(byReason.get(String(m.key)));

    const byWarehouse = sumBy(approved, (r) => String(r.warehouseId), 'totalAmount');
    const warehouses = await agg('amountByWarehouse');
    expect(warehouses.length).toBe(Math.min(10, byWarehouse.size));
    const values = warehouses.map((w) => cents(w.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const w of warehouses) {
      expect(cents(w.value)).toBe(byWarehouse.get(String(w.key)));
      expect(w.label).toBe(approved.find((r) => r.warehouseId === w.key)!.warehouseName);
    }

    // The list's filters apply: one reason only.
    const reason = approved[0]!.reason;
    const one = await agg('amountTotal', { reason: [reason] });
    expect(cents(one[0]!.value)).toBe(byReason.get(String(reason)));
  });

  it('loss report over its lines: by commodity category, and the month by warehouse × category × reason (16.6)', async () => {
    const approved = (await listAll(t, hq, LOSS + 'findByPage')).filter((r) => r.status === 20);
    // Each approved report's lines, with the category the line looks up from its commodity.
    const lines: Row[] = [];
    for (const r of approved) {
      const detail = await t.json(hq, 'GET', `${LOSS}detail/${String(r.id)}`);
      for (const l of detail.body.data.itemList as Row[]) {
        expect(typeof l.categoryName).toBe('string');
        lines.push({
          ...l,
          warehouseId: r.warehouseId,
          reason: r.reason,
          month: chinaDay(String(r.approveTime)),
        });
      }
    }
    expect(lines.length).toBeGreaterThan(approved.length);
    const agg = async (name: string, body: Row = {}) => {
      const res = await t.json(hq, 'POST', `${LOSS}aggregate/${name}`, body);
      expect(res.status, JSON.stringify(res.body.result)).toBe(200);
      return res.body.data.rows as Row[];
    };
    const byCategory = sumBy(lines, (l) => String(l.categoryName), 'amount');
    const categories = await agg('amountByCategory');
    expect(categories.length).toBe(Math.min(10, byCategory.size));
    for (const c of categories) expect(cents(c.value)).toBe(byCategory.get(String(c.key)));
    // The line amounts add up to the reports' totals.
    expect([...byCategory.values()].reduce((a, b) => a + b, 0)).toBe(
      approved.reduce((n, r) => n + cents(r.totalAmount), 0),
    );

    const key = (l: Row) => `${String(l.warehouseId)}|${String(l.categoryName)}|${String(l.reason)}`;
    const check = async (chosen: Row[], body: Row) => {
      const rows = await agg('monthlyLoss', body);
      const amounts = sumBy(chosen, key, 'amount');
      // Quantities keep 3 decimals: compared in thousandths, not cents.
      const milli = (v: unknown) => Math.round(Number(v) * 1000);
      const quantities = new Map<string, number>();
      for (const l of chosen) quantities.set(key(l), (quantities.get(key(l)) ?? 0) + milli(l.quantity));
      expect(rows.length).toBe(amounts.size);
      for (const row of rows) {
        const k = `${String(row.key)}|${String(row.series)}|${String(row.detail)}`;
        expect(cents(row.value), k).toBe(amounts.get(k));
        const values = row.values as Record<string, number>;
        expect(milli(values.quantity), k).toBe(quantities.get(k));
        expect(values.lines, k).toBe(chosen.filter((l) => key(l) === k).length);
        expect(row.label).toBe(approved.find((r) => r.warehouseId === row.key)!.warehouseName);
      }
    };
    await check(lines, {});
    // A chosen month: the reports approved in it (报损时间), China days.
    const month = String(lines[0]!.month).slice(0, 7);
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString();
    await check(
      lines.filter((l) => String(l.month).startsWith(month)),
      { approveTime: [`${month}-01`, last.slice(0, 10)] },
    );
  });

  it("a warehouse clerk's loss figures cover his warehouses only", async () => {
    const wh = await t.login('wh001');
    const all = (await listAll(t, hq, LOSS + 'findByPage')).filter((r) => r.status === 20);
    const mine = (await listAll(t, wh, LOSS + 'findByPage')).filter((r) => r.status === 20);
    const his = new Set(mine.map((r) => r.warehouseId));
    expect(all.some((r) => !his.has(r.warehouseId))).toBe(true);
    const total = await t.json(wh, 'POST', `${LOSS}aggregate/amountTotal`, {});
    expect(cents(total.body.data.rows[0].value ?? 0)).toBe(
      mine.reduce((n, r) => n + cents(r.totalAmount), 0),
    );
    const byWarehouse = await t.json(wh, 'POST', `${LOSS}aggregate/amountByWarehouse`, {});
    for (const w of byWarehouse.body.data.rows as Row[]) expect(his.has(w.key)).toBe(true);
  });

  it("cloud orders: today's figures, average basket, 30 days by day and status (17.8), a store its own", async () => {
    const md = await t.login('md001');
    const all = await listAll(t, hq, ORDER_LIST);
    const mine = await listAll(t, md, ORDER_LIST);
    const shops = new Set(mine.map((o) => o.shopId));
    expect(shops.size).toBe(1);
    expect(mine.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(mine.length);

    const today = todayInChina();
    for (const [token, rows] of [
      [hq, all],
      [md, mine],
    ] as const) {
      const agg = async (name: string) => {
        const res = await t.json(token, 'POST', ORDER_AGG + name, {});
        expect(res.status).toBe(200);
        return res.body.data.rows as Row[];
      };
      const paid = rows.filter((o) => PAID.includes(o.orderStatus as number));
      const ofToday = rows.filter((o) => chinaDay(o.createTime as string) === today);
      expect((await agg('todayCount'))[0]!.value).toBe(ofToday.length);
      const paidToday = ofToday.filter((o) => PAID.includes(o.orderStatus as number));
      const sales = await agg('todaySales');
      expect(cents(sales[0]!.value ?? 0)).toBe(paidToday.reduce((n, o) => n + cents(o.payAmount), 0));

      const paidCents = paid.reduce((n, o) => n + cents(o.payAmount), 0);
      const avg = await agg('avgBasket');
      expect(Math.abs(cents(avg[0]!.value) - paidCents / paid.length)).toBeLessThanOrEqual(0.5);

      const byStatus = new Map<number, number>();
      for (const o of rows)
        byStatus.set(o.orderStatus as number, (byStatus.get(o.orderStatus as number) ?? 0) + 1);
      expect(await agg('countByStatus')).toEqual(
        [...byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([key, value]) => ({ key, value })),
      );

      const recent = rows.filter((o) => daysBetween(chinaDay(o.createTime as string), today) < 30);
      const daily = await agg('dailyCount');
      expect(daily.length).toBe(30);
      expect(daily[29]!.key).toBe(today);
      const counts = new Map<string, number>();
      for (const o of recent)
        counts.set(chinaDay(o.createTime as string), (counts.get(chinaDay(o.createTime as string)) ?? 0) + 1);
      for (const d of daily) expect(d.value).toBe(counts.get(d.key as string) ?? 0);
      const recentSales = sumBy(
        recent.filter((o) => PAID.includes(o.orderStatus as number)),
        (o) => chinaDay(o.createTime as string),
        'payAmount',
      );
      const dailySales = await agg('dailySales');
      expect(dailySales.length).toBe(30);
      for (const d of dailySales) expect(cents(d.value)).toBe(recentSales.get(d.key as string) ?? 0);
    }
  });

  it('refuses the order charts to a caller without the list page', async () => {
    const wh = await t.login('wh001');
    const refused = await t.json(wh, 'POST', ORDER_AGG + 'todayCount', {});
    expect(refused.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
  });
});
