import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { SORT, type Row } from './supply-helpers';

const QUERY_BOX = `${SORT}/web/queryBoxCode`;
const SORTING_SET = `${SORT}/web/sortingSetOfOrderList`;
const SCHEDULE = `${SORT}/web/sortingScheduleList`;

// SPEC 7.8's sorting read-outs on the engine: queryBoxCode (a view over the line filter `lines`),
// sortingSetOfOrderList (a view: the orders still to sort) and sortingScheduleList (a GET aggregate over
// the lines: progress per delivery batch and store), each with the list's warehouse scope.
describe('sorting read-outs (SPEC 7.8)', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  let md: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh, md] = [await t.login('hq001'), await t.login('wh001'), await t.login('md001')];
  }, 60_000);
  afterAll(() => t.close());

  const db = () => t.database.db;

  it('finds the sorting order holding a crate by its box code, within the caller’s warehouses', async () => {
    // Seeded orders sorted by 按应分填已分 carry their own crate label on every line.
    const { rows } = await sql<{ id: number; warehouseId: number; boxCode: string }>`
      select distinct on (s.warehouse_id) s.id, s.warehouse_id, i.box_code
      from sorting_order s join sorting_order_item i on i.sorting_order_id = s.id
      where s.status = 30 and i.box_code is not null order by s.warehouse_id, s.id`.execute(db());
    expect(rows.map((r) => r.warehouseId)).toEqual([21, 22]);
    const [hz, gz] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(hz.boxCode).toMatch(/^XB\d{14}$/);

    const found = await t.json(wh, 'GET', `${QUERY_BOX}?boxCode=${hz.boxCode}`);
    expect(found.status, JSON.stringify(found.body.result)).toBe(200);
    expect((found.body.data.list as Row[]).map((r) => [r.id, r.boxCode])).toEqual([[hz.id, hz.boxCode]]);
    // 广州's crate is not wh001's (warehouse 21) to see; headquarters sees it.
    const foreign = await t.json(wh, 'GET', `${QUERY_BOX}?boxCode=${gz.boxCode}`);
    expect(foreign.body.data.list).toEqual([]);
    const byHq = await t.json(hq, 'GET', `${QUERY_BOX}?boxCode=${gz.boxCode}`);
    expect((byHq.body.data.list as Row[]).map((r) => r.id)).toEqual([gz.id]);
    expect((await t.json(wh, 'GET', `${QUERY_BOX}?boxCode=XB00000000000000`)).body.data.list).toEqual([]);

    // A line typed into another crate is found by that crate (the order's own label stays its own).
    const [open] = (
      await sql<{ id: number; lineId: number; boxCode: string }>`
        select s.id, i.id as line_id, s.box_code from sorting_order s
        join sorting_order_item i on i.sorting_order_id = s.id
        where s.status = 20 and s.warehouse_id = 21 order by s.id, i.line_no limit 1`.execute(db())
    ).rows;
    const detail = (await t.json(wh, 'GET', `${SORT}/web/detailList/${open!.id}`)).body.data as Row & {
      itemList: Row[];
    };
    // The lines go back whole, without their ids and numbers (the form's update replaces them).
    const itemList = detail.itemList.map(({ id, lineNo: _no, ...l }) =>
      id === open!.lineId ? { ...l, sortedQuantity: l.quantity, boxCode: 'ZXX-0099' } : l,
    );
    const saved = await t.json(wh, 'POST', `${SORT}/web/updateSortQuantity`, { id: open!.id, itemList });
    expect(saved.status, JSON.stringify(saved.body.result)).toBe(200);
    const typed = await t.json(wh, 'GET', `${QUERY_BOX}?boxCode=ZXX-0099`);
    expect((typed.body.data.list as Row[]).map((r) => [r.id, r.boxCode])).toEqual([
      [open!.id, open!.boxCode],
    ]);
    // The box code filter is also the list's: the sorting list page searches by it.
    const listed = await t.json(wh, 'POST', `${SORT}/web/list`, {
      pageNo: 1,
      pageSize: 5,
      boxCode: 'ZXX-0099',
    });
    expect((listed.body.data.list as Row[]).map((r) => r.id)).toEqual([open!.id]);
  });

  it('lists the set of orders still to sort in the caller’s warehouses', async () => {
    const res = await t.json(wh, 'POST', SORTING_SET, { pageNo: 1, pageSize: 500 });
    expect(res.status).toBe(200);
    const list = res.body.data.list as Row[];
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from sorting_order where status in (10, 20) and warehouse_id = 21`.execute(
      db(),
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(res.body.data.total).toBe(rows[0]!.n);
    expect(new Set(list.map((r) => r.status))).toEqual(new Set([10, 20]));
    expect(new Set(list.map((r) => r.warehouseId))).toEqual(new Set([21]));
    // The list's filters apply: only the orders not yet started.
    const waiting = await t.json(wh, 'POST', SORTING_SET, { pageNo: 1, pageSize: 500, status: [10] });
    expect((waiting.body.data.list as Row[]).every((r) => r.status === 10)).toBe(true);
  });

  it('answers the sorting schedule per batch and store from the lines, by GET with the list’s filters', async () => {
    const res = await t.json(wh, 'GET', SCHEDULE);
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    const rows = res.body.data.rows as Array<{
      key: number;
      series: number;
      seriesLabel: string;
      value: number;
      values: { sorted: number; orders: number };
    }>;
    const { rows: expected } = await sql<{
      batch: number;
      storeId: number;
      storeName: string;
      q: string;
      s: string;
      n: number;
    }>`
      select s.delivery_batch as batch, s.store_id, max(s.store_name) as store_name,
        sum(i.quantity) as q, coalesce(sum(i.sorted_quantity), 0) as s, count(distinct s.id)::int as n
      from sorting_order s join sorting_order_item i on i.sorting_order_id = s.id
      where s.warehouse_id = 21 group by s.delivery_batch, s.store_id`.execute(db());
    expect(rows.length).toBe(expected.length);
    for (const e of expected) {
      const row = rows.find((r) => r.key === e.batch && r.series === e.storeId);
      expect(row, `${e.batch} × ${e.storeId}`).toBeDefined();
      expect(row!.seriesLabel).toBe(e.storeName);
      expect(row!.value).toBeCloseTo(Number(e.q), 3);
      expect(row!.values.sorted).toBeCloseTo(Number(e.s), 3);
      expect(row!.values.orders).toBe(e.n);
    }
    // Finished orders only (the list's status filter in the query string): sorted in full everywhere.
    const done = (await t.json(wh, 'GET', `${SCHEDULE}?status=30`)).body.data.rows as typeof rows;
    expect(done.length).toBeGreaterThan(0);
    for (const r of done) expect(r.values.sorted).toBeCloseTo(r.value, 3);
    // A bad filter value is refused with the list's message; a store manager may not read it.
    const bad = await t.json(wh, 'GET', `${SCHEDULE}?status=abc`);
    expect(bad.status).toBe(400);
    const refused = await t.json(md, 'GET', SCHEDULE);
    expect(refused.status).toBe(401);
    expect(refused.body.result.code).toBe('E0401');
  });
});
