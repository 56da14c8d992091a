import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { PICK_LIST } from './resource-helpers';

const pickOrder = (code: string) => `/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode/${code}`;

// A list's rows leave as the JSON text the database wrote (server/resources/sql/json-rows.ts), and its
// total is exact up to LIST_EXACT_COUNT matching rows, the planner's estimate beyond (docs/decisions.md,
// "List paging and counts at volume"). Here the cap is 50 so the demo's ~660 pick orders pass it.
describe('list answers and capped counts', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp({ LIST_EXACT_COUNT: '50' });
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  it('a list row equals the detail read column by column, instants to the millisecond cut', async () => {
    const first = (await t.json(hq, 'POST', PICK_LIST, { pageSize: 1 })).body.data.list[0];
    // Microseconds the per-column read cuts (never rounds) to milliseconds.
    await sql`update pick_order set create_time = '2026-03-01 09:12:00.999999+00',
      finish_time = '2026-03-02 10:00:00+08' where id = ${first.id}`.execute(t.database.db);
    const list = (await t.json(hq, 'POST', PICK_LIST, { pageSize: 500, pickOrderCode: first.pickOrderCode }))
      .body.data.list;
    const row = list.find((r: { id: number }) => r.id === first.id);
    expect(row.createTime).toBe('2026-03-01T09:12:00.999Z');
    expect(row.finishTime).toBe('2026-03-02T02:00:00.000Z');
    const { itemList, ...detail } = (await t.json(hq, 'GET', pickOrder(first.pickOrderCode))).body.data;
    expect(itemList.length).toBeGreaterThan(0);
    expect(row).toEqual(detail);
    expect(typeof row.totalQuantity).toBe('number');
  });

  it('counts exactly up to the cap: a filtered list under it has its exact total', async () => {
    const all = await t.json(hq, 'POST', PICK_LIST, { pageSize: 500, status: [10] });
    const few = all.body.data.list.slice(0, 3).map((r: { pickOrderCode: string }) => r.pickOrderCode);
    const rows = await t.database.db
      .selectFrom('pickOrder' as never)
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql.ref('pick_order_code'), '=', few[0])
      .executeTakeFirstOrThrow();
    const { body } = await t.json(hq, 'POST', PICK_LIST, { pickOrderCode: few[0] });
    expect(body.data.total).toBe(rows.n);
    expect(body.data).not.toHaveProperty('totalExact');
  });

  it('past the cap the total is an estimate, flagged, never below what was counted', async () => {
    const real = await sql<{ n: number }>`select count(*)::int as n from pick_order`.execute(t.database.db);
    await sql`analyze pick_order`.execute(t.database.db);
    const { body } = await t.json(hq, 'POST', PICK_LIST, { pageNo: 2, pageSize: 20 });
    expect(body.data.totalExact).toBe(false);
    expect(body.data.total).toBeGreaterThan(50);
    // ANALYZE just ran: the planner knows the table's size.
    expect(Math.abs(body.data.total - real.rows[0]!.n)).toBeLessThanOrEqual(real.rows[0]!.n * 0.1);
    // A filtered list past the cap asks the planner (EXPLAIN) for its estimate.
    const filtered = await t.json(hq, 'POST', PICK_LIST, { status: [0, 10, 20, 30, 40] });
    expect(filtered.body.data.totalExact).toBe(false);
    expect(filtered.body.data.total).toBeGreaterThan(50);
    // Paging is unaffected: page 2 is the 21st to 40th rows of the order.
    const big = await t.json(hq, 'POST', PICK_LIST, { pageNo: 1, pageSize: 40 });
    expect(body.data.list).toEqual(big.body.data.list.slice(20));
  });
});
