import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { OUT, type Row, SORT, STOCK_OUT_LIST_URL, supplyLoop, WALL } from './supply-helpers';

// Issue 16.3 (sorting): seeding walls per warehouse (slots bound to stores, unique in the wall, enabled
// or not); 完成拣货 raises a sorting order whose store slot is read from the enabled wall of the
// warehouse; the sorter records sorted quantities (never more than picked), and 完成分拣 (every line
// sorted in full) raises the delivery stock-out. Sorting moves no stock: the pick's lock holds.
describe('seeding walls and sorting orders', () => {
  let t: TestApp;
  let md: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [md, wh] = [await t.login('md001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  const { json, held, stockOf, ledgerAgrees, picked } = supplyLoop(() => ({ t, md, wh }));
  const sortingOf = async (id: number) =>
    (await json(wh, 'GET', `${SORT}/web/detailList/${id}`)).body.data as Row & { itemList: Row[] };
  const wallByCode = async (code: string) => {
    const [row] = (await json(wh, 'POST', `${WALL}/list`, { pageNo: 1, pageSize: 5, keyword: code })).body
      .data.list as Row[];
    return row!;
  };

  it('seeds walls and a night of sorting orders in every status, stock-outs only from finished ones', async () => {
    const walls = (await json(wh, 'POST', `${WALL}/list`, { pageNo: 1, pageSize: 50 })).body.data
      .list as Row[];
    // wh001 works in 杭州中心大仓 (21): the list is limited to its walls (广州's BZQ-W02-A is not shown).
    expect(walls.map((w) => [w.wallCode, w.status, w.slotCount])).toEqual([
      ['BZQ-W01-A', 1, 7],
      ['BZQ-W01-B', 0, 3],
    ]);
    const { rows } = await sql<{ status: number; n: number; outs: number }>`
      select s.status, count(*)::int as n,
        count(o.id)::int as outs
      from sorting_order s left join stock_out_order o on o.pick_order_code = s.pick_order_code
      group by s.status order by s.status`.execute(t.database.db);
    expect(rows.map((r) => r.status)).toEqual([10, 20, 30]);
    for (const r of rows) expect(r.outs).toBe(r.status === 30 ? r.n : 0);
    // Every seeded sorting order comes from a finished pick order of the engine's seed.
    const { rows: orphans } = await sql<{ n: number }>`
      select count(*)::int as n from sorting_order s
      where not exists (select 1 from pick_order p where p.pick_order_code = s.pick_order_code and p.status = 40)`.execute(
      t.database.db,
    );
    expect(orphans[0]!.n).toBe(0);
    await ledgerAgrees();
  });

  it('keeps slot codes and bound stores unique in a wall, and enables and disables it', async () => {
    const body = {
      wallCode: 'BZQ-T01',
      wallName: '测试播种墙',
      warehouseId: 21,
      slotList: [
        { slotCode: 'T01', storeId: 11 },
        { slotCode: 'T02', storeId: 12 },
      ],
    };
    const twiceSlot = await json(wh, 'POST', `${WALL}/add`, {
      ...body,
      slotList: [
        { slotCode: 'T01', storeId: 11 },
        { slotCode: 'T01', storeId: 12 },
      ],
    });
    expect(twiceSlot.status).toBe(409);
    expect(twiceSlot.body.result.msg).toBe('格口号【T01】重复');
    const twiceStore = await json(wh, 'POST', `${WALL}/add`, {
      ...body,
      slotList: [
        { slotCode: 'T01', storeId: 11 },
        { slotCode: 'T02', storeId: 11 },
      ],
    });
    expect(twiceStore.status).toBe(409);
    expect(twiceStore.body.result.msg).toBe('门店【杭州文三路店】已绑定其他格口');
    // A store user neither reads nor writes walls.
    expect((await json(md, 'POST', `${WALL}/add`, body)).status).toBe(401);
    expect((await json(md, 'POST', `${WALL}/list`, { pageNo: 1, pageSize: 5 })).status).toBe(401);

    const made = await json(wh, 'POST', `${WALL}/add`, body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ status: 1, slotCount: 2, warehouseName: '杭州中心大仓' });
    expect(made.body.data.slotList.map((s: Row) => s.storeName)).toEqual(['杭州文三路店', '杭州西湖店']);
    expect((await json(wh, 'POST', `${WALL}/add`, body)).body.result.msg).toBe('播种墙编码已存在');
    const id = made.body.data.id as number;
    // Rebinding by update is checked the same way.
    const clash = await json(wh, 'POST', `${WALL}/update`, {
      id,
      slotList: [
        { slotCode: 'T01', storeId: 12 },
        { slotCode: 'T02', storeId: 12 },
      ],
    });
    expect(clash.status).toBe(409);
    const off = await json(wh, 'POST', `${WALL}/disable/${id}`);
    expect(off.body.data.status).toBe(0);
    expect((await json(wh, 'POST', `${WALL}/disable/${id}`)).status).toBe(409);
    const on = await json(wh, 'POST', `${WALL}/enable/${id}`);
    expect(on.body.data.status).toBe(1);
    const all = (await json(wh, 'GET', `${WALL}/allList`)).body.data as Row[] | { list: Row[] };
    const allRows = Array.isArray(all) ? all : all.list;
    expect(allRows.some((w) => w.wallCode === 'BZQ-T01')).toBe(true);
    expect(allRows.every((w) => w.status === 1)).toBe(true);
    // Leave the test wall off so the seeded wall A gives store 11's slot below.
    await json(wh, 'POST', `${WALL}/disable/${id}`);
  });

  it('sorts a finished pick into its store slot, refuses over-sorting and unsorted finishing, then raises the stock-out', async () => {
    const [a] = await held(4);
    const before = await stockOf(a!.code);
    const { pick, sorting, storeOrderCode } = await picked(a!.code, 2.5);
    const locked = await stockOf(a!.code);
    expect(locked.locked).toBeCloseTo(before.locked + 2.5, 3);
    expect(sorting).toMatchObject({
      status: 10,
      pickOrderCode: pick.pickOrderCode,
      storeOrderCode,
      storeName: '杭州文三路店',
      warehouseId: 21,
      wallName: '杭州仓播种墙A',
      slotCode: 'A01',
      totalQuantity: 2.5,
      sortedTotal: 0,
      progress: 0,
    });
    expect(String(sorting.sortingOrderCode)).toMatch(/^FJ\d+/);
    expect(sorting.itemList).toHaveLength(1);
    const { id: _id, lineNo: _no, ...line } = sorting.itemList[0]!;
    expect(line).toMatchObject({ commodityCode: a!.code, quantity: 2.5, sortedQuantity: null });
    // No stock-out before sorting is done.
    const none = (
      await json(wh, 'POST', STOCK_OUT_LIST_URL, {
        pageNo: 1,
        pageSize: 5,
        pickOrderCode: pick.pickOrderCode,
      })
    ).body.data.list as Row[];
    expect(none).toHaveLength(0);

    // The slot follows the wall: with wall A stopped the store has none in this warehouse.
    const wallA = await wallByCode('BZQ-W01-A');
    await json(wh, 'POST', `${WALL}/disable/${String(wallA.id)}`);
    expect((await sortingOf(sorting.id)).slotCode).toBeNull();
    await json(wh, 'POST', `${WALL}/enable/${String(wallA.id)}`);
    expect((await sortingOf(sorting.id)).slotCode).toBe('A01');

    // A store user cannot sort.
    expect((await json(md, 'POST', `${SORT}/web/startSorting/${sorting.id}`)).status).toBe(401);
    expect(
      (await json(md, 'POST', `${SORT}/web/updateSortQuantity`, { id: sorting.id, itemList: [line] })).status,
    ).toBe(401);

    const started = await json(wh, 'POST', `${SORT}/web/startSorting/${sorting.id}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: 20, sorterName: expect.any(String) });

    const over = await json(wh, 'POST', `${SORT}/web/updateSortQuantity`, {
      id: sorting.id,
      itemList: [{ ...line, sortedQuantity: 2.501 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.result.msg).toBe(`分拣数量不能超过拣货数量：${String(line.commodityName)}`);
    // What was picked is not the sorter's to change.
    const changed = await json(wh, 'POST', `${SORT}/web/updateSortQuantity`, {
      id: sorting.id,
      itemList: [{ ...line, quantity: 3, sortedQuantity: 3 }],
    });
    expect(changed.status).toBe(409);

    const half = await json(wh, 'POST', `${SORT}/web/updateSortQuantity`, {
      id: sorting.id,
      itemList: [{ ...line, sortedQuantity: 1.25, boxCode: 'BOX-0001' }],
    });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body.data).toMatchObject({ sortedTotal: 1.25, progress: 0.5 });
    expect(half.body.data.itemList[0]).toMatchObject({ sortedQuantity: 1.25, boxCode: 'BOX-0001' });

    const early = await json(wh, 'POST', `${SORT}/web/finishSorting/${sorting.id}`);
    expect(early.status).toBe(409);
    expect(early.body.result.msg).toContain(`商品【${String(line.commodityName)}】尚未分拣完`);
    expect((await sortingOf(sorting.id)).status).toBe(20);

    // 按应分填已分 keeps what was typed.
    await json(wh, 'POST', `${SORT}/web/sortAsPicked/${sorting.id}`);
    expect((await sortingOf(sorting.id)).itemList[0]!.sortedQuantity).toBe(1.25);
    const full = await json(wh, 'POST', `${SORT}/web/updateSortQuantity`, {
      id: sorting.id,
      itemList: [{ ...line, sortedQuantity: 2.5, boxCode: 'BOX-0001' }],
    });
    expect(full.body.data.progress).toBe(1);
    // Sorting moved nothing.
    expect(await stockOf(a!.code)).toEqual(locked);

    const [x, y] = await Promise.all([
      json(wh, 'POST', `${SORT}/web/finishSorting/${sorting.id}`),
      json(wh, 'POST', `${SORT}/web/finishSorting/${sorting.id}`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await stockOf(a!.code)).toEqual(locked);
    const outs = (
      await json(wh, 'POST', STOCK_OUT_LIST_URL, {
        pageNo: 1,
        pageSize: 5,
        pickOrderCode: pick.pickOrderCode,
      })
    ).body.data.list as Row[];
    expect(outs).toHaveLength(1);
    const out = (await json(wh, 'GET', `${OUT}/findStockOutOrderAndItemById/${String(outs[0]!.id)}`)).body
      .data;
    expect(out).toMatchObject({ status: 10, outputType: 1, storeId: 11, referCode: storeOrderCode });
    expect(out.itemList[0]).toMatchObject({ commodityCode: a!.code, expectQuantity: 2.5 });
    // Finished sorting orders are no longer edited.
    const late = await json(wh, 'POST', `${SORT}/web/updateSortQuantity`, { id: sorting.id, remark: '改' });
    expect(late.status).toBe(409);

    // 确认出库 releases the pick's lock and takes the goods out.
    expect((await json(wh, 'POST', `${OUT}/confirmStockOut/${String(out.id)}`)).status).toBe(200);
    const after = await stockOf(a!.code);
    expect(after.locked).toBeCloseTo(before.locked, 3);
    expect(after.quantity).toBeCloseTo(before.quantity - 2.5, 3);
    await ledgerAgrees();
  });
  it('sorts and finishes goods whose commodity was stopped after they were picked', async () => {
    const [, b] = await held(4);
    const { sorting } = await picked(b!.code, 1);
    await sql`update commodity set status = 0 where code = ${b!.code}`.execute(t.database.db);
    try {
      const sorted = await json(wh, 'POST', `${SORT}/web/sortAsPicked/${sorting.id}`);
      expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
      const done = await json(wh, 'POST', `${SORT}/web/finishSorting/${sorting.id}`);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data.status).toBe(30);
    } finally {
      await sql`update commodity set status = 1 where code = ${b!.code}`.execute(t.database.db);
    }
  });
});
