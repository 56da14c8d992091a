import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { OUT, supplyLoop } from './supply-helpers';

// Issue 16.2 (stock-out confirm −): a finished pick order is sorted on the seeding wall, and the finished
// sorting order raises its store delivery stock-out (待出库) of what was picked and sorted; 确认出库 releases the pick's lock and takes the goods out of the warehouse in the
// transition's transaction, one ledger row per move; a parallel double confirm moves once; a shortfall
// is refused naming the commodity; cancelling the stock-out releases the lock.
describe('stock-out orders move stock', () => {
  let t: TestApp;
  let md: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [md, wh] = [await t.login('md001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  const { json, held, stockOf, ledgerAgrees, pickedOut } = supplyLoop(() => ({ t, md, wh }));

  const ledgerOf = async (code: string) =>
    (
      await sql<{ q: string; l: string; type: number }>`
        select quantity as q, locked_quantity as l, move_type as type from stock_ledger
        where doc_code = ${code} order by id`.execute(t.database.db)
    ).rows.map((r) => ({ q: Number(r.q), l: Number(r.l), type: Number(r.type) }));

  it('a finished sorting raises a delivery stock-out; 确认出库 releases the lock and takes the goods once', async () => {
    const [a] = await held(4);
    const before = await stockOf(a!.code);
    const { pick, out, storeOrderCode, sorting } = await pickedOut(a!.code, 1.625);
    expect(
      (await json(wh, 'GET', `/gateApi/storageAdmin/sortingOrder/web/detailList/${sorting.id}`)).body.data
        .status,
    ).toBe(30);
    expect(out).toMatchObject({
      status: 10,
      outputType: 1,
      warehouseId: 21,
      warehouseName: '杭州中心大仓',
      storeName: '杭州文三路店',
      pickOrderCode: pick.pickOrderCode,
      referCode: storeOrderCode,
    });
    expect(out.orderCode).toMatch(/^CK\d+/);
    expect(out.itemList).toHaveLength(1);
    expect(out.itemList[0]).toMatchObject({
      commodityCode: a!.code,
      expectQuantity: 1.625,
      outStockQuantity: null,
      commodityPrice: a!.price,
      totalAmount: Math.round(a!.price * 1.625 * 100) / 100,
    });
    expect(out.totalAmount).toBe(Math.round(a!.price * 1.625 * 100) / 100);
    const picked = await stockOf(a!.code);
    expect(picked.locked).toBeCloseTo(before.locked + 1.625, 3);

    const [x, y] = await Promise.all([
      json(wh, 'POST', `${OUT}/confirmStockOut/${out.id}`),
      json(wh, 'POST', `${OUT}/confirmStockOut/${out.id}`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const after = await stockOf(a!.code);
    expect(after.quantity).toBeCloseTo(before.quantity - 1.625, 3);
    expect(after.locked).toBeCloseTo(before.locked, 3);
    expect(after.available).toBeCloseTo(before.available - 1.625, 3);
    const ledger = await ledgerOf(out.orderCode);
    // The lock released (解除锁定), then the goods out (配送出库): one ledger row per batch moved.
    expect(ledger.filter((r) => r.type === 4).reduce((s, r) => s + r.l, 0)).toBeCloseTo(-1.625, 3);
    expect(ledger.filter((r) => r.type === 4).every((r) => r.q === 0)).toBe(true);
    expect(ledger.filter((r) => r.type === 5).reduce((s, r) => s + r.q, 0)).toBeCloseTo(-1.625, 3);
    expect(ledger.filter((r) => r.type === 5).every((r) => r.l === 0)).toBe(true);
    const done = (await json(wh, 'GET', `${OUT}/findStockOutOrderAndItemById/${out.id}`)).body.data;
    expect(done).toMatchObject({ status: 20, employeeName: '王仓管' });
    expect(done.itemList[0]).toMatchObject({ outStockQuantity: 1.625 });
    await ledgerAgrees();
  });

  it('cancelling a delivery stock-out releases what its pick order locked', async () => {
    const [, b] = await held(4);
    const before = await stockOf(b!.code);
    const { out } = await pickedOut(b!.code, 2);
    expect((await stockOf(b!.code)).locked).toBeCloseTo(before.locked + 2, 3);
    expect((await json(wh, 'POST', `${OUT}/cancelStockOut/${out.id}`)).status).toBe(200);
    expect(await stockOf(b!.code)).toEqual(before);
    const ledger = await ledgerOf(out.orderCode);
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((r) => r.type === 4 && r.q === 0)).toBe(true);
    expect(ledger.reduce((s, r) => s + r.l, 0)).toBeCloseTo(-2, 3);
    await ledgerAgrees();
  });

  it('refuses a shortfall naming the commodity and moves nothing', async () => {
    const [, , c] = await held(4);
    const { out } = await pickedOut(c!.code, 1);
    // A stock-out not raised by a pick (no lock to release) asking for more than the warehouse holds.
    await sql`update stock_out_order set pick_order_code = null where id = ${out.id}`.execute(t.database.db);
    await sql`update stock_out_order_item set expect_quantity = 99999 where stock_out_order_id = ${out.id}`.execute(
      t.database.db,
    );
    const held1 = await stockOf(c!.code);
    const refused = await json(wh, 'POST', `${OUT}/confirmStockOut/${out.id}`);
    expect(refused.status).toBe(409);
    const name = String(out.itemList[0]!.commodityName);
    expect(refused.body.result.msg).toContain(`${name}（${c!.code}）可用库存不足：需要 99999`);
    expect(await stockOf(c!.code)).toEqual(held1);
    expect(await ledgerOf(out.orderCode)).toEqual([]);
    expect((await json(wh, 'GET', `${OUT}/findStockOutOrderAndItemById/${out.id}`)).body.data.status).toBe(
      10,
    );
    await ledgerAgrees();
  });
});
