import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { expectLedgerAgrees } from './ledger-helpers';

const TRANSFER = '/gateApi/storageAdmin/transferApply/web';
const STOCK = '/api/v1/storage/stock/findByPage';
const LEDGER = '/api/v1/storage/stockLedger/findByPage';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';
const MINE = '/api/v1/approval/instance/findMineByPage';

type Row = Record<string, unknown>;

// Issue 16.4: a transfer's 确认出库 takes the goods off the source warehouse onto the target's
// in-transit shelf (在途, locked), 确认入库 takes them off it into the target's receiving area; each in
// its transition's transaction, once, never below zero, the stock always the sum of its ledger.
describe('transfers move stock through transit', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh] = [await t.login('hq001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  /** On hand and locked of one commodity in a warehouse, per shelf ('' = receiving area). */
  async function stockOf(warehouseId: number, commodityCode: string) {
    const rows = (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 200, warehouseId, commodityCode }))
      .body.data.list as Row[];
    const byShelf = new Map<string, { q: number; l: number }>();
    for (const r of rows) {
      const s = byShelf.get(String(r.shelfCode)) ?? { q: 0, l: 0 };
      s.q += Number(r.quantity);
      s.l += Number(r.lockedQuantity);
      byShelf.set(String(r.shelfCode), s);
    }
    const total = [...byShelf.values()].reduce((a, s) => a + s.q, 0);
    return { total: Math.round(total * 1000) / 1000, shelf: (s: string) => byShelf.get(s) ?? { q: 0, l: 0 } };
  }

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  /** A commodity warehouse 21 holds at least `min` of (available, not in transit). */
  async function heldIn21(min: number) {
    const rows = (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 100, warehouseId: 21 })).body.data
      .list as Row[];
    const row = rows.find((r) => r.shelfCode !== '在途' && Number(r.availableQuantity) >= min);
    expect(row).toBeDefined();
    return String(row!.commodityCode);
  }

  /** wh001 applies for a transfer 21 → 22; hq001 approves it in the approval centre (→ 待出库). */
  async function approvedTransfer(lines: { commodityCode: string; expectQuantity: number }[]) {
    const made = await t.json(wh, 'POST', `${TRANSFER}/add`, {
      companyName: '鲜丰生鲜（杭州）有限公司',
      produceDate: '2026-11-20',
      warehouseOutId: 21,
      warehouseInId: 22,
      itemList: lines,
    });
    expect(made.status).toBe(200);
    const doc = made.body.data as { id: number; orderCode: string };
    const inst = (await t.json(wh, 'POST', MINE, { keyword: doc.orderCode })).body.data.list[0];
    const [task] = (await t.json(hq, 'POST', TODO, { pageSize: 50, keyword: inst.instanceCode })).body.data
      .list;
    expect((await t.json(hq, 'POST', `${TASK}/approve/${task.id}`)).status).toBe(200);
    const detail = (await t.json(hq, 'GET', `${TRANSFER}/findDetailById/${doc.id}`)).body.data;
    expect(detail).toMatchObject({
      status: 20,
      warehouseOutName: '杭州中心大仓',
      warehouseInName: '广州中心大仓',
    });
    return detail as Row & { id: number; orderCode: string; itemList: Row[] };
  }

  it('seeds transfers in every status, their stock agreeing with the ledger', async () => {
    const list = (await t.json(hq, 'POST', `${TRANSFER}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(new Set(list.map((r) => r.status))).toEqual(new Set([0, 10, 20, 30, 40, 50]));
    for (const r of list) expect(r.warehouseOutId).not.toBe(r.warehouseInId);
    // What is in transit is exactly what the dispatched (待入库) transfers carry.
    const { rows } = await sql<{ transit: string | null; carried: string | null }>`
      select (select sum(quantity) from stock where shelf_code = '在途') as transit,
        (select sum(i.expect_quantity) from transfer_apply_item i join transfer_apply a
          on a.id = i.transfer_apply_id where a.status = 30) as carried`.execute(t.database.db);
    expect(Number(rows[0]!.transit)).toBeGreaterThan(0);
    expect(Number(rows[0]!.transit)).toBeCloseTo(Number(rows[0]!.carried), 3);
    await ledgerAgrees();
  });

  it('names the picked warehouses and commodities from the master data, refusing unknown ones', async () => {
    const code = await heldIn21(1);
    const doc = await approvedTransfer([{ commodityCode: code, expectQuantity: 1 }]);
    const commodity = (
      await sql<{
        name: string;
        unitName: string;
      }>`select name, unit_name from commodity where code = ${code}`.execute(t.database.db)
    ).rows[0]!;
    expect(doc.itemList[0]).toMatchObject({
      commodityCode: code,
      commodityName: commodity.name,
      commodityUnitName: commodity.unitName,
    });
    const bad = await t.json(wh, 'POST', `${TRANSFER}/add`, {
      companyName: '鲜丰生鲜（杭州）有限公司',
      produceDate: '2026-11-20',
      warehouseOutId: 11,
      warehouseInId: 22,
      itemList: [{ commodityCode: code, expectQuantity: 1 }],
    });
    expect(bad.status).toBe(400);
    const same = await t.json(wh, 'POST', `${TRANSFER}/add`, {
      companyName: '鲜丰生鲜（杭州）有限公司',
      produceDate: '2026-11-20',
      warehouseOutId: 21,
      warehouseInId: 21,
      itemList: [{ commodityCode: code, expectQuantity: 1 }],
    });
    expect(same.status).toBe(400);
    expect(same.body.result.msg).toBe('调出仓与调入仓不能相同');
    const unknown = await t.json(wh, 'POST', `${TRANSFER}/add`, {
      companyName: '鲜丰生鲜（杭州）有限公司',
      produceDate: '2026-11-20',
      warehouseOutId: 21,
      warehouseInId: 22,
      itemList: [{ commodityCode: 'NOPE99', expectQuantity: 1 }],
    });
    expect(unknown.status).toBe(400);
  });

  it('dispatches once into transit, then receives it, each side with its ledger rows', async () => {
    const code = await heldIn21(3);
    const before21 = await stockOf(21, code);
    const before22 = await stockOf(22, code);
    const doc = await approvedTransfer([{ commodityCode: code, expectQuantity: 2.5 }]);

    // Two confirmations at once: one moves the stock, the other finds the state changed.
    const [a, b] = await Promise.all([
      t.json(wh, 'POST', `${TRANSFER}/confirmOutbound/${doc.id}`),
      t.json(wh, 'POST', `${TRANSFER}/confirmOutbound/${doc.id}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const out21 = await stockOf(21, code);
    const out22 = await stockOf(22, code);
    expect(out21.total).toBeCloseTo(before21.total - 2.5, 3);
    expect(out22.shelf('在途').q).toBeCloseTo(before22.shelf('在途').q + 2.5, 3);
    expect(out22.shelf('在途').l).toBeCloseTo(before22.shelf('在途').l + 2.5, 3);
    const shipped = (await t.json(hq, 'GET', `${TRANSFER}/findDetailById/${doc.id}`)).body.data;
    expect(shipped.status).toBe(30);
    expect(shipped.itemList[0].realQuantity).toBe(2.5);

    expect((await t.json(hq, 'POST', `${TRANSFER}/confirmInbound/${doc.id}`)).status).toBe(200);
    const in22 = await stockOf(22, code);
    expect(in22.shelf('在途').q).toBeCloseTo(before22.shelf('在途').q, 3);
    expect(in22.shelf('').q).toBeCloseTo(before22.shelf('').q + 2.5, 3);
    expect(in22.total).toBeCloseTo(before22.total + 2.5, 3);

    const ledger = (await t.json(hq, 'POST', LEDGER, { pageNo: 1, pageSize: 50, keyword: doc.orderCode }))
      .body.data.list as Row[];
    // Per move type, warehouse and shelf: batches may split a line into several rows.
    const sums = new Map<string, number>();
    for (const l of ledger) {
      const key = `${l.moveType}|${l.warehouseId}|${l.shelfCode}`;
      sums.set(key, Math.round(((sums.get(key) ?? 0) + Number(l.quantity)) * 1000) / 1000);
    }
    expect(sums.get('6|22|在途')).toBe(2.5);
    expect(sums.get('7|22|在途')).toBe(-2.5);
    expect(sums.get('7|22|')).toBe(2.5);
    const fromSource = [...sums].filter(([k]) => k.startsWith('6|21|')).reduce((s, [, v]) => s + v, 0);
    expect(fromSource).toBeCloseTo(-2.5, 3);
    expect([...sums.keys()].some((k) => k.startsWith('6|21|在途'))).toBe(false);
    await ledgerAgrees();
  });

  it('refuses to dispatch more than the source holds, naming the commodity and the shortfall', async () => {
    const code = await heldIn21(1);
    const held = await stockOf(21, code);
    const doc = await approvedTransfer([{ commodityCode: code, expectQuantity: 99999 }]);
    const refused = await t.json(wh, 'POST', `${TRANSFER}/confirmOutbound/${doc.id}`);
    expect(refused.status).toBe(409);
    const name = (
      await sql<{ name: string }>`select name from commodity where code = ${code}`.execute(t.database.db)
    ).rows[0]!.name;
    expect(refused.body.result.msg).toContain(`${name}（${code}）可用库存不足：需要 99999`);
    expect((await t.json(hq, 'GET', `${TRANSFER}/findDetailById/${doc.id}`)).body.data.status).toBe(20);
    expect((await stockOf(21, code)).total).toBeCloseTo(held.total, 3);
    await ledgerAgrees();
  });
});
