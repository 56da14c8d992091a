import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

type Row = Record<string, unknown>;

/** Lists with a warehouse scope (endpoints.list.warehouseScope) and the fields that hold the warehouse. */
const LISTS: { name: string; path: string; fields: string[] }[] = [
  {
    name: 'transferApply',
    path: '/gateApi/storageAdmin/transferApply/web/findByPage',
    fields: ['warehouseOutId', 'warehouseInId'],
  },
  { name: 'stock', path: '/api/v1/storage/stock/findByPage', fields: ['warehouseId'] },
  { name: 'stockLedger', path: '/api/v1/storage/stockLedger/findByPage', fields: ['warehouseId'] },
  { name: 'stockOpening', path: '/api/v1/storage/stockOpening/findByPage', fields: ['warehouseId'] },
];

// Issue 12.7: a warehouse user sees the documents of the warehouses he belongs to (a transfer: its
// source or its target) in lists, exports, details and prints; headquarters sees all.
describe('warehouse scope', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh] = [await t.login('hq001'), await t.login('wh001')];
    // A third warehouse, so that a transfer can pass wh001's warehouse (21) by: 22 → 23.
    await t.database.db
      .insertInto('org')
      .values({ id: 23, parentId: 2, code: 'W03', name: '宁波前置仓', refObjType: 3, refObjStatus: 1 })
      .execute();
    const held = (await list(hq, '/api/v1/storage/stock/findByPage', { warehouseId: 22 })).list.find(
      (r) => r.shelfCode !== '在途' && Number(r.availableQuantity) >= 1,
    )!;
    const made = await t.json(hq, 'POST', '/gateApi/storageAdmin/transferApply/web/add', {
      companyName: '鲜丰生鲜（广州）有限公司',
      produceDate: '2026-11-20',
      warehouseOutId: 22,
      warehouseInId: 23,
      itemList: [{ commodityCode: held.commodityCode, expectQuantity: 1 }],
    });
    expect(made.status).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  const list = async (token: string, path: string, body: Row = {}) =>
    (await t.json(token, 'POST', path, { pageNo: 1, pageSize: 500, ...body })).body.data as {
      list: Row[];
      total: number;
    };

  it('lists only the rows of wh001’s warehouse (21); hq001 lists those of 22 as well', async () => {
    for (const l of LISTS) {
      const all = await list(hq, l.path);
      const mine = await list(wh, l.path);
      const ofMine = (r: Row) => l.fields.some((f) => r[f] === 21);
      expect(
        all.list.some((r) => !ofMine(r)),
        l.name,
      ).toBe(true);
      expect(mine.total, l.name).toBeGreaterThan(0);
      expect(mine.list.every(ofMine), l.name).toBe(true);
      // Filters narrow within the scope, never past it.
      expect((await list(wh, l.path, { [l.fields[0]!]: 22 })).list.every(ofMine), l.name).toBe(true);
    }
    // A transfer of 21 is seen from either end.
    const transfers = (await list(wh, LISTS[0]!.path)).list;
    expect(transfers.some((r) => r.warehouseOutId === 21)).toBe(true);
    expect(transfers.some((r) => r.warehouseInId === 21)).toBe(true);
  });

  it('refuses the detail and the print of another warehouse’s transfer as not found', async () => {
    const others = (await list(hq, LISTS[0]!.path)).list.filter(
      (r) => r.warehouseOutId !== 21 && r.warehouseInId !== 21,
    );
    const own = (await list(wh, LISTS[0]!.path)).list.find((r) => r.status !== 0)!;
    expect(others.length).toBeGreaterThan(0);
    const other = others.find((r) => r.status !== 0)!;
    const detail = (token: string, id: unknown) =>
      t.json(token, 'GET', `/gateApi/storageAdmin/transferApply/web/findDetailById/${id}`);
    expect((await detail(wh, other.id)).status).toBe(404);
    expect((await detail(hq, other.id)).status).toBe(200);
    expect((await detail(wh, own.id)).status).toBe(200);
    const print = (token: string, code: unknown) =>
      t.json(token, 'POST', `/gateApi/storageAdmin/alloc/web/print/${code}`);
    const refused = await print(wh, other.orderCode);
    expect(refused.status).toBe(404);
    expect(refused.body.result.msg).toBe('调拨单不存在');
    expect((await print(hq, other.orderCode)).status).toBe(200);
    expect((await print(wh, own.orderCode)).status).toBe(200);
  });

  it('refuses writes to another warehouse’s transfer as not found, and leaves it unchanged', async () => {
    const hqList = (await list(hq, LISTS[0]!.path)).list;
    const open = (r: Row) => Number(r.status) !== 0;
    const other = hqList.find((r) => open(r) && r.warehouseOutId !== 21 && r.warehouseInId !== 21)!;
    const own = (await list(wh, LISTS[0]!.path)).list.find(open)!;
    const base = '/gateApi/storageAdmin/transferApply/web';
    const cancel = (token: string, id: unknown) => t.json(token, 'POST', `${base}/cancelTransfer/${id}`, {});
    const refused = await cancel(wh, other.id);
    expect(refused.status).toBe(404);
    expect(refused.body.result.success).toBe(false);
    const batch = await t.json(wh, 'POST', `${base}/batch/cancelTransfer`, { ids: [own.id, other.id] });
    expect(batch.status).toBe(404);
    const after = (await list(hq, LISTS[0]!.path)).list;
    expect(after.find((r) => r.id === other.id)!.status).toBe(other.status);
    // The batch was refused as a whole: wh001's own transfer did not move either.
    expect(after.find((r) => r.id === own.id)!.status).toBe(own.status);
    // His own transfer is judged by its state (200, or 409 from where it stands), never 404: the
    // refusal above was the scope, not the code.
    expect((await cancel(wh, own.id)).status).not.toBe(404);
  });

  it('takes only warehouses where a document names its warehouse (a store id is refused)', async () => {
    const stock = (await list(hq, '/api/v1/storage/stock/findByPage', { warehouseId: 21 })).list[0]!;
    const report = (warehouseId: number) =>
      t.json(hq, 'POST', '/api/v1/storage/lossReport/add', {
        warehouseId,
        reason: 1,
        itemList: [{ stockId: stock.id, quantity: 1 }],
      });
    const refused = await report(11); // 杭州文三路店, a store
    expect(refused.status).toBe(400);
    expect(refused.body.result.msg).toContain('仓库');
    expect((await report(21)).status).toBe(200);
  });

  it('exports what the list shows', async () => {
    const started = await t.json(wh, 'POST', '/api/v1/export/jobs', { page: 'dacang/stockLedgerList' });
    expect(started.status).toBe(200);
    const id = started.body.data.id as number;
    const until = Date.now() + 60_000;
    let job: { status: number; rowCount: number } | undefined;
    while (Date.now() < until) {
      const jobs = (await t.json(wh, 'GET', '/api/v1/export/jobs?pageSize=50')).body.data.list;
      job = jobs.find((j: { id: number }) => j.id === id);
      if (job && job.status >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job?.status).toBe(2);
    expect(job?.rowCount).toBe((await list(wh, LISTS[2]!.path)).total);
    expect(job?.rowCount).toBeLessThan((await list(hq, LISTS[2]!.path)).total);
  });
});
