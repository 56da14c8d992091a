import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents } from './resource-helpers';

type Row = Record<string, unknown>;

const LIST = '/api/v1/finance/settlement/findByPage';
const AGG = '/api/v1/finance/settlement/aggregate/';
/** 未付款, 部分付款: approved and not fully paid. */
const OPEN = [20, 30];
const DAY = 86_400_000;

/** Money in cents: the expectations add integers, never floats. */
const chinaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

function sumBy(rows: Row[], key: (r: Row) => string, field: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + cents(r[field]));
  return out;
}

// Issue 18.5: the 供应商结算 page's reports are aggregates of the settlement resource (docs/schemas.md
// "Charts and aggregates"): payables (unpaid part of approved statements) by supplier and by age since
// approval, and the payable of approved statements by month of the period. Each figure here equals
// what the list's own rows add up to; the export is the list's.
describe('settlement reports', () => {
  let t: TestApp;
  let finance: string;
  let rows: Row[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    finance = await t.login('tip001');
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.json(finance, 'POST', LIST, { pageNo, pageSize: 500 });
      rows.push(...(page.body.data.list as Row[]));
      if (rows.length >= page.body.data.total) break;
    }
    rows = rows.filter(Boolean);
  });
  afterAll(() => t.close());

  const agg = async (name: string, body: Row = {}, token = finance) =>
    t.json(token, 'POST', AGG + name, body);
  const open = () => rows.filter((r) => OPEN.includes(Number(r.status)));

  it('the payables total is the unpaid part of approved, not fully paid statements, under the filters', async () => {
    expect(open().length).toBeGreaterThan(1);
    const total = await agg('unpaidTotal');
    expect(total.status).toBe(200);
    expect(cents(total.body.data.rows[0].value)).toBe(open().reduce((n, r) => n + cents(r.unpaidAmount), 0));
    // Statements in approval or fully paid are left out: the report is not the list's total.
    expect(rows.length).toBeGreaterThan(open().length);
    const supplierId = open()[0]!.supplierId;
    const one = await agg('unpaidTotal', { supplierId });
    const mine = open().filter((r) => r.supplierId === supplierId);
    expect(cents(one.body.data.rows[0].value)).toBe(mine.reduce((n, r) => n + cents(r.unpaidAmount), 0));
  });

  it('payables by supplier: the ten largest, each named and equal to its statements added up', async () => {
    const res = await agg('unpaidBySupplier');
    expect(res.status).toBe(200);
    const sums = sumBy(open(), (r) => String(r.supplierId), 'unpaidAmount');
    const got = res.body.data.rows as Row[];
    expect(got.length).toBe(Math.min(10, sums.size));
    const values = got.map((r) => cents(r.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values[0]).toBe(Math.max(...sums.values()));
    for (const r of got) {
      expect(cents(r.value)).toBe(sums.get(String(r.key)));
      expect(r.label).toBe(open().find((o) => o.supplierId === r.key)!.supplierName);
    }
  });

  it('payables by age since approval in 0–30, 31–60, 61–90 and over 90 days', async () => {
    const today = chinaDay(new Date().toISOString());
    const bucket = (r: Row) => {
      if (!r.approveTime) return 'null';
      const age = daysBetween(chinaDay(r.approveTime as string), today);
      return String(age <= 30 ? 0 : age <= 60 ? 1 : age <= 90 ? 2 : 3);
    };
    // The seed approves every statement when it runs (all 0–30天): age some, straight in the table, by
    // 45, 75 and 120 days so every bucket is exercised; then read the list again.
    const ids = open().map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThan(3);
    for (const [i, days] of [45, 75, 120].entries())
      await sql`update fin_settlement set approve_time = approve_time - make_interval(days => ${days})
        where id = ${ids[i]!}`.execute(t.database.db);
    const fresh = (await t.json(finance, 'POST', LIST, { pageNo: 1, pageSize: 500 })).body.data.list as Row[];
    rows = fresh;
    const res = await agg('unpaidByAge');
    expect(res.status).toBe(200);
    const labels = ['0–30天', '31–60天', '61–90天', '90天以上'];
    const sums = sumBy(open(), bucket, 'unpaidAmount');
    expect((res.body.data.rows as Row[]).map((r) => [String(r.key), r.label, cents(r.value)])).toEqual(
      [...sums.entries()].sort().map(([k, v]) => [k, labels[Number(k)], v]),
    );
    expect(sums.size).toBe(4);
  });

  it('monthly settlement totals: the payable of approved statements by month of the period', async () => {
    const approved = rows.filter((r) => [20, 30, 40].includes(Number(r.status)));
    const months = sumBy(approved, (r) => String(r.periodEnd).slice(0, 7), 'payableAmount');
    expect(months.size).toBeGreaterThan(0);
    const res = await agg('payableByMonth');
    expect(res.status).toBe(200);
    expect((res.body.data.rows as Row[]).map((r) => [r.key, cents(r.value)])).toEqual(
      [...months.entries()].sort((a, b) => a[0].localeCompare(b[0])),
    );
    // The list's filters apply: one supplier's months only.
    const supplierId = approved[0]!.supplierId;
    const one = await agg('payableByMonth', { supplierId });
    const mine = sumBy(
      approved.filter((r) => r.supplierId === supplierId),
      (r) => String(r.periodEnd).slice(0, 7),
      'payableAmount',
    );
    expect((one.body.data.rows as Row[]).map((r) => [r.key, cents(r.value)])).toEqual(
      [...mine.entries()].sort((a, b) => a[0].localeCompare(b[0])),
    );
  });

  it('a role without the 供应商结算 page is refused', async () => {
    const manager = await t.login('md001');
    for (const name of ['unpaidTotal', 'unpaidBySupplier', 'unpaidByAge', 'payableByMonth']) {
      const refused = await agg(name, {}, manager);
      expect(refused.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
    }
  });
});
