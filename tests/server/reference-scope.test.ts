import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

type Row = Record<string, unknown>;

const MINE = '/api/v1/storage/warehouse/findMineByPage';
const ALL = '/api/v1/storage/warehouse/findByPage';
const LOSS_ADD = '/api/v1/storage/lossReport/add';
const TRANSFER_ADD = '/gateApi/storageAdmin/transferApply/web/add';

// Issue 12.7: a reference may be limited to the caller's own rows. The warehouse list's scenario
// `mine` (views.mine.warehouseScope) lists a warehouse user's warehouses only, and a document's own
// warehouse names it (loss report, stocktake, return, opening, a transfer's source): the picker offers
// his warehouses, and the server refuses another one on every write, whatever the request says.
describe('references limited to the caller’s warehouses', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh] = [await t.login('hq001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  const ids = async (token: string, path: string) => {
    const res = await t.json(token, 'POST', path, { pageNo: 1, pageSize: 100 });
    expect(res.status, path).toBe(200);
    return (res.body.data.list as Row[]).map((r) => r.id);
  };

  /** A batch of a warehouse with something available, off the in-transit shelf. */
  async function batchOf(warehouseId: number) {
    const { rows } = await sql<{ id: number; code: string }>`
      select id, commodity_code as code from stock
      where warehouse_id = ${warehouseId} and frozen_by is null and shelf_code <> '在途'
        and available_quantity >= 1
      order by id limit 1`.execute(t.database.db);
    return rows[0]!;
  }

  it('the picker lists wh001’s warehouse only; headquarters every warehouse', async () => {
    expect(await ids(wh, MINE)).toEqual([21]);
    const all = await ids(hq, MINE);
    expect(all).toEqual(expect.arrayContaining([21, 22]));
    expect(all.sort()).toEqual((await ids(hq, ALL)).sort());
    // The plain list (a transfer's target) still offers wh001 every warehouse.
    expect(await ids(wh, ALL)).toEqual(expect.arrayContaining([21, 22]));
  });

  it('refuses a loss report of another warehouse, takes one of his own', async () => {
    const other = await batchOf(22);
    const refused = await t.json(wh, 'POST', LOSS_ADD, {
      warehouseId: 22,
      reason: 1,
      itemList: [{ stockId: other.id, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.result.msg).toBe('所选仓库不在您的管辖范围内');
    const own = await batchOf(21);
    const taken = await t.json(wh, 'POST', LOSS_ADD, {
      warehouseId: 21,
      reason: 1,
      itemList: [{ stockId: own.id, quantity: 1 }],
    });
    expect(taken.status, JSON.stringify(taken.body.result)).toBe(200);
    expect(taken.body.data.warehouseId).toBe(21);
    // Headquarters is not limited: the same report of warehouse 22 passes the reference check.
    const byHq = await t.json(hq, 'POST', LOSS_ADD, {
      warehouseId: 22,
      reason: 1,
      itemList: [{ stockId: other.id, quantity: 1 }],
    });
    expect(byHq.status, JSON.stringify(byHq.body.result)).toBe(200);
  });

  it('a transfer’s source must be his own warehouse; its target may be any', async () => {
    const base = { companyName: '鲜丰生鲜（广州）有限公司', produceDate: '2026-11-20' };
    const other = await batchOf(22);
    const refused = await t.json(wh, 'POST', TRANSFER_ADD, {
      ...base,
      warehouseOutId: 22,
      warehouseInId: 21,
      itemList: [{ commodityCode: other.code, expectQuantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.result.msg).toBe('所选调出仓不在您的管辖范围内');
    const own = await batchOf(21);
    const taken = await t.json(wh, 'POST', TRANSFER_ADD, {
      ...base,
      warehouseOutId: 21,
      warehouseInId: 22,
      itemList: [{ commodityCode: own.code, expectQuantity: 1 }],
    });
    expect(taken.status, JSON.stringify(taken.body.result)).toBe(200);
  });
});
