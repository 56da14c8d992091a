import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

const PO = '/api/v1/purchase/purchaseOrder';
const SC = '/api/v1/product/supplierCommodity';
const RC = '/api/v1/storage/purchaseReceipt';
const PA = '/api/v1/storage/putaway';
const STOCK = '/api/v1/storage/stock/findByPage';
const UNUP = '/gateApi/storageAdmin/putaway/web/findPutawayItemByPage';

type Row = Record<string, unknown>;

// Issues 15.7 and 16.2: putaway tasks move a confirmed receipt's goods from the receiving area (shelf
// '') to shelves through the `shelve` stock move, in the transition's transaction, one ledger row per
// side; the 上架单 list (SPEC 3 'Un-shelved item') shows the tasks' lines under the caller's scope.
describe('putaway', () => {
  let t: TestApp;
  let hq: string;
  let clerk: string;
  let receipt: Row;
  let batch: Row;

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  const receivingArea = async () =>
    (
      await t.json(hq, 'POST', STOCK, {
        pageNo: 1,
        pageSize: 20,
        warehouseId: 21,
        batchNo: receipt.code,
      })
    ).body.data.list as Row[];

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    const rel = (
      await t.json(hq, 'POST', `${SC}/findByPage`, { pageNo: 1, pageSize: 5, supplierId: 1, status: 1 })
    ).body.data.list as Row[];
    const po = (
      await t.json(hq, 'POST', `${PO}/add`, {
        supplierId: 1,
        warehouseId: 21,
        expectedDate: '2026-12-01',
        itemList: [{ supplierCommodityId: rel[0]!.id, quantity: 10 }],
      })
    ).body.data as Row;
    expect((await t.json(hq, 'POST', `${PO}/submit/${String(po.id)}`)).body.data.status).toBe(20);
    const made = await t.json(hq, 'POST', `${RC}/add`, {
      purchaseOrderId: po.id,
      itemList: [{ poItemId: (po.itemList as Row[])[0]!.id, realQuantity: 8, productionDate: '2026-11-20' }],
    });
    receipt = made.body.data;
    expect((await t.json(hq, 'POST', `${RC}/confirm/${String(receipt.id)}`)).status).toBe(200);
    batch = (await receivingArea())[0]!;
    expect(batch).toMatchObject({ shelfCode: '', quantity: 8 });
    clerk = await userWith(t, 'e00071', [
      '/dacang/warehouse/putawayTaskList',
      '/dacang/warehouse/putawayList',
      'putaway:add',
      'putaway:shelve',
    ]);
  });
  afterAll(() => t.close());

  const task = async (lines: Row[]) =>
    t.json(clerk, 'POST', `${PA}/add`, { receiptId: receipt.id, itemList: lines });

  it('drafts a task from the receipt: its batch in the receiving area, the receipt copied', async () => {
    const made = await task([{ stockId: batch.id, quantity: 5, shelfCode: 'A-01-01', plankCode: 'TP00001' }]);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      receiveCode: receipt.code,
      warehouseId: 21,
      warehouseName: '杭州中心大仓',
      status: 0,
      upStatus: false,
      totalQuantity: 5,
    });
    expect((made.body.data.itemList as Row[])[0]).toMatchObject({
      commodityCode: batch.commodityCode,
      batchNo: receipt.code,
      warehouseId: 21,
    });
    // A batch outside this receipt's receiving area is refused (another shelf, another receipt).
    const other = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 1, warehouseId: 21, shelfCode: 'A-01-01' }))
        .body.data.list as Row[]
    )[0];
    if (other) {
      const wrong = await task([{ stockId: other.id, quantity: 1, shelfCode: 'B-01' }]);
      expect(wrong.status).toBe(400);
      expect(wrong.body.result.msg).toBe('所选收货批次不存在或已停用');
    }
    const noShelf = await task([{ stockId: batch.id, quantity: 1, shelfCode: '' }]);
    expect(noShelf.status).toBe(400);
  });

  it('shelves once under parallel confirmations: stock moves to the shelf with two ledger rows', async () => {
    const made = (await task([{ stockId: batch.id, quantity: 5, shelfCode: 'A-02-03' }])).body.data as Row;
    const results = await Promise.all([
      t.json(clerk, 'POST', `${PA}/shelve/${String(made.id)}`),
      t.json(clerk, 'POST', `${PA}/shelve/${String(made.id)}`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const done = (await t.json(clerk, 'GET', `${PA}/detail/${String(made.id)}`)).body.data as Row;
    expect(done).toMatchObject({ status: 10, upStatus: true });
    expect(done.shelveName).toBeTruthy();
    const stock = await receivingArea();
    const by = Object.fromEntries(stock.map((s) => [s.shelfCode as string, s]));
    expect(by['']).toMatchObject({ quantity: 3 });
    expect(by['A-02-03']).toMatchObject({ quantity: 5, expiryDate: batch.expiryDate });
    const { rows } = await sql<{ shelf: string; q: string }>`
      select shelf_code as shelf, quantity as q from stock_ledger
      where move_type = 2 and doc_code = ${made.code as string} order by id`.execute(t.database.db);
    expect(rows.map((r) => [r.shelf, Number(r.q)])).toEqual([
      ['', -5],
      ['A-02-03', 5],
    ]);
    await ledgerAgrees();
  });

  it('refuses the whole task when the receiving area holds less, naming the commodity', async () => {
    const made = (
      await task([
        { stockId: batch.id, quantity: 2, shelfCode: 'A-03-01' },
        { stockId: batch.id, quantity: 2, shelfCode: 'A-03-02' },
      ])
    ).body.data as Row;
    const res = await t.json(clerk, 'POST', `${PA}/shelve/${String(made.id)}`);
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toBe(
      `${String(batch.commodityName)}（${String(batch.commodityCode)}）可用库存不足：需要 2，现有 1`,
    );
    // Nothing moved: the first line's move was rolled back with the refusal.
    const stock = await receivingArea();
    expect(stock.find((s) => s.shelfCode === '')).toMatchObject({ quantity: 3 });
    expect(stock.some((s) => s.shelfCode === 'A-03-01')).toBe(false);
    expect((await t.json(clerk, 'GET', `${PA}/detail/${String(made.id)}`)).body.data.status).toBe(0);
    await ledgerAgrees();
  });

  it('lists the tasks\u2019 lines on the 上架单 list, filtered by receipt and shelved flag', async () => {
    const all = (await t.json(clerk, 'POST', UNUP, { pageNo: 1, pageSize: 50, receiveCode: receipt.code }))
      .body.data;
    // Three tasks (one, one and two lines); the task with a blank shelf was refused.
    expect(all.total).toBe(4);
    expect(all.list[0]).toMatchObject({
      receiveCode: receipt.code,
      warehouseName: '杭州中心大仓',
      commodityCode: batch.commodityCode,
      commodityUnit: batch.unitName,
    });
    const up = (
      await t.json(clerk, 'POST', UNUP, {
        pageNo: 1,
        pageSize: 50,
        receiveCode: receipt.code,
        upStatus: true,
      })
    ).body.data.list as Row[];
    expect(up.map((r) => [r.shelfNo, r.upStatus, r.quantity])).toEqual([['A-02-03', true, 5]]);
    const waiting = (
      await t.json(clerk, 'POST', UNUP, {
        pageNo: 1,
        pageSize: 50,
        receiveCode: receipt.code,
        upStatus: false,
        sort: [{ field: 'shelfNo', order: 'ascend' }],
      })
    ).body.data.list as Row[];
    expect(waiting.map((r) => r.shelfNo)).toEqual(['A-01-01', 'A-03-01', 'A-03-02']);
    const byWarehouse = (
      await t.json(clerk, 'POST', UNUP, {
        pageNo: 1,
        pageSize: 50,
        warehouseName: '广州',
        receiveCode: receipt.code,
      })
    ).body.data;
    expect(byWarehouse.total).toBe(0);
  });

  it('shows a warehouse user his own warehouses\u2019 lines only', async () => {
    const keys = ['/dacang/warehouse/putawayList', '/dacang/warehouse/putawayTaskList'];
    const db = t.database.db;
    const other = await userWith(t, 'e00072', keys);
    const user = await db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'e00072')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('userOrg').where('userId', '=', user.id).execute();
    await db.insertInto('userOrg').values({ userId: user.id, orgId: 22 }).execute();
    const guangzhou = await t.login('e00072');
    expect(other).toBeTruthy();
    const seen = (
      await t.json(guangzhou, 'POST', UNUP, { pageNo: 1, pageSize: 50, receiveCode: receipt.code })
    ).body.data;
    expect(seen.total).toBe(0);
    const tasks = (await t.json(guangzhou, 'POST', `${PA}/findByPage`, { pageNo: 1, pageSize: 50 })).body.data
      .list as Row[];
    expect(tasks.some((r) => r.receiveCode === receipt.code)).toBe(false);
    const mine = (await t.json(clerk, 'POST', UNUP, { pageNo: 1, pageSize: 50, receiveCode: receipt.code }))
      .body.data;
    expect(mine.total).toBe(4);
  });
});
