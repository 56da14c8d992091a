import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { boundPicker, PICK_LIST } from './resource-helpers';

const ORDER = '/api/v1/shop/storeOrder';
const PICK = '/gateApi/storageAdmin/pickOrder';
const STOCK = '/api/v1/storage/stock/findByPage';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';
const MINE = '/api/v1/approval/instance/findMineByPage';

type Row = Record<string, unknown>;

/** Tomorrow in China time (YYYY-MM-DD): the delivery date of tonight's orders. */
const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

// Issue 16.3 (supply loop): a store orders from its warehouse (门店要货), approval (automatic below
// 5,000 yuan) splits the order into pick orders per store × pick zone × delivery batch, the warehouse
// assigns a picker, enters real quantities (weighed goods in kg, 3 decimals) and 完成拣货 locks them and
// raises the sorting order (tests/server/sorting.test.ts goes on from there).
describe('store orders become pick orders that lock stock', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, md, wh] = [await t.login('hq001'), await t.login('md001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  /** Enabled commodities warehouse 21 holds at least `min` of, one per pick zone asked for. */
  async function heldIn21(min: number, zones: number[]) {
    const { rows } = await sql<{ code: string; zone: number; isWeight: boolean; price: string }>`
      select c.code, c.pick_zone as zone, c.is_weight as "isWeight", c.purchase_price as price
      from commodity c join stock s on s.commodity_code = c.code
      where s.warehouse_id = 21 and c.status = 1 and s.shelf_code <> '在途' and s.frozen_by is null
      group by c.code, c.pick_zone, c.is_weight, c.purchase_price
      having sum(s.available_quantity) >= ${min}
      order by c.code`.execute(t.database.db);
    return zones.map((z) => {
      const hit = rows.find((r) => Number(r.zone) === z);
      expect(hit, `a commodity of pick zone ${z} in warehouse 21`).toBeDefined();
      return { code: hit!.code, isWeight: hit!.isWeight, price: Number(hit!.price) };
    });
  }

  async function locked(code: string) {
    const rows = (
      await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 200, warehouseId: 21, commodityCode: code })
    ).body.data.list as Row[];
    const sum = (f: string) => Math.round(rows.reduce((a, r) => a + Number(r[f]), 0) * 1000) / 1000;
    return { quantity: sum('quantity'), locked: sum('lockedQuantity'), available: sum('availableQuantity') };
  }

  async function ledgerAgrees() {
    const { rows } = await sql<{ q: string; l: string; lq: string | null; ll: string | null }>`
      select s.quantity as q, s.locked_quantity as l,
        (select sum(quantity) from stock_ledger g where g.stock_id = s.id) as lq,
        (select sum(locked_quantity) from stock_ledger g where g.stock_id = s.id) as ll
      from stock s`.execute(t.database.db);
    for (const r of rows) {
      expect(Number(r.q)).toBeCloseTo(Number(r.lq ?? 0), 3);
      expect(Number(r.l)).toBeCloseTo(Number(r.ll ?? 0), 3);
      expect(Number(r.l)).toBeLessThanOrEqual(Number(r.q) + 0.0005);
    }
  }

  async function createOrder(lines: { commodityCode: string; quantity: number }[]) {
    const made = await t.json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch: 1,
      itemList: lines,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data as Row & { id: number; orderCode: string; itemList: Row[] };
  }

  /** What the picking screen sends back for a line: the line as read, with the real quantity typed. */
  const lineBody = (l: Row) => ({
    commodityCode: l.commodityCode,
    commodityName: l.commodityName,
    commoditySpec: l.commoditySpec,
    pickQuantity: l.pickQuantity,
  });

  const picksOf = async (orderCode: string) =>
    (await t.json(wh, 'POST', PICK_LIST, { pageNo: 1, pageSize: 20, storeOrderCode: orderCode })).body.data
      .list as Row[];

  it('seeds a night of store orders in every status, each approved one split into its pick orders', async () => {
    const list = (await t.json(hq, 'POST', `${ORDER}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(new Set(list.map((r) => r.status))).toEqual(new Set([0, 10, 20, 30, 40]));
    const { rows } = await sql<{ code: string; zones: string; picked: string | null }>`
      select o.order_code as code,
        (select string_agg(distinct i.pick_zone::text, ',' order by i.pick_zone::text) from store_order_item i
          where i.store_order_id = o.id) as zones,
        (select string_agg(distinct p.pick_zone::text, ',' order by p.pick_zone::text) from pick_order p
          where p.store_order_code = o.order_code) as picked
      from store_order o where o.status = 20`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.picked, r.code).toBe(r.zones);
    // Waiting orders have an approval at headquarters; the others made no pick orders.
    const waiting = list.find((r) => r.status === 10)!;
    const { rows: approvals } = await sql<{ n: string }>`
      select count(*) as n from approval_instance
      where resource = 'storeOrder' and document_id = ${Number(waiting.id)} and finish_time is null`.execute(
      t.database.db,
    );
    expect(Number(approvals[0]!.n)).toBe(1);
    expect(await picksOf(String(waiting.orderCode))).toHaveLength(0);
  });

  it('takes the store from the signed-in store and the lines from the commodity master', async () => {
    const [a] = await heldIn21(1, [1]);
    const doc = await createOrder([{ commodityCode: a!.code, quantity: 2 }]);
    const name = (
      await sql<{ name: string }>`select name from commodity where code = ${a!.code}`.execute(t.database.db)
    ).rows[0]!.name;
    expect(doc).toMatchObject({
      status: 0,
      storeId: 11,
      storeName: '杭州文三路店',
      warehouseName: '杭州中心大仓',
    });
    expect(String(doc.orderCode)).toMatch(/^YH\d+/);
    expect(doc.itemList[0]).toMatchObject({ commodityName: name, pickZone: 1, price: a!.price });
    expect(doc.totalAmount).toBeCloseTo(a!.price * 2, 2);
    const unknown = await t.json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch: 1,
      itemList: [{ commodityCode: 'NOPE99', quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    const noLines = await t.json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch: 1,
      itemList: [],
    });
    expect(noLines.status).toBe(400);
    // The store sees its own orders only; the warehouse staff may not place store orders.
    const mine = (await t.json(md, 'POST', `${ORDER}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.storeId))).toEqual(new Set([11]));
    expect((await t.json(wh, 'POST', `${ORDER}/add`, { warehouseId: 21 })).status).toBe(401);
  });

  it('approves a small order at once and splits it into one pick order per pick zone', async () => {
    const [a, b, c] = await heldIn21(2, [1, 2, 3]);
    const doc = await createOrder([
      { commodityCode: a!.code, quantity: 1 },
      { commodityCode: b!.code, quantity: 1.5 },
      { commodityCode: c!.code, quantity: 1 },
    ]);
    const submitted = await t.json(md, 'POST', `${ORDER}/submit/${doc.id}`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe(20);
    const picks = await picksOf(doc.orderCode);
    expect(picks.map((p) => p.pickZone).sort()).toEqual([1, 2, 3]);
    for (const p of picks) {
      expect(p).toMatchObject({
        status: 10,
        storeCode: 'S1001',
        storeName: '杭州文三路店',
        warehouseId: 21,
        deliveryBatch: 1,
        lineCount: 1,
      });
      expect(String(p.pickOrderCode)).toMatch(/^JH\d+/);
    }
    const zone2 = picks.find((p) => p.pickZone === 2)!;
    const detail = (await t.json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${zone2.pickOrderCode}`))
      .body.data;
    expect(detail.itemList).toHaveLength(1);
    expect(detail.itemList[0]).toMatchObject({ commodityCode: b!.code, pickQuantity: 1.5 });
    expect(detail.totalQuantity).toBe(1.5);
  });

  it('sends an order of 5,000 yuan or more to headquarters, whose approval makes the pick orders', async () => {
    const [a] = await heldIn21(1, [2]);
    const quantity = Math.ceil(5000 / a!.price) + 1;
    const doc = await createOrder([{ commodityCode: a!.code, quantity }]);
    expect((await t.json(md, 'POST', `${ORDER}/submit/${doc.id}`)).body.data.status).toBe(10);
    expect(await picksOf(doc.orderCode)).toHaveLength(0);
    // While it waits, the store cannot edit it.
    const edit = await t.json(md, 'POST', `${ORDER}/update`, { id: doc.id, deliveryBatch: 2 });
    expect(edit.status).toBe(409);
    const inst = (await t.json(md, 'POST', MINE, { keyword: doc.orderCode })).body.data.list[0];
    const [task] = (await t.json(hq, 'POST', TODO, { pageSize: 50, keyword: inst.instanceCode })).body.data
      .list;
    expect((await t.json(hq, 'POST', `${TASK}/approve/${task.id}`)).status).toBe(200);
    expect((await t.json(md, 'GET', `${ORDER}/detail/${doc.id}`)).body.data.status).toBe(20);
    const picks = await picksOf(doc.orderCode);
    expect(picks).toHaveLength(1);
    expect(picks[0]).toMatchObject({ pickZone: 2, totalQuantity: quantity });
  });

  it('picks real quantities (kg to 3 decimals) and locks them once at 完成拣货', async () => {
    const [a, b] = await heldIn21(3, [1, 3]);
    const doc = await createOrder([
      { commodityCode: a!.code, quantity: 2 },
      { commodityCode: b!.code, quantity: 2 },
    ]);
    await t.json(md, 'POST', `${ORDER}/submit/${doc.id}`);
    const picks = await picksOf(doc.orderCode);
    const pick = picks.find((p) => p.pickZone === 1)!;
    const other = picks.find((p) => p.pickZone === 3)!;
    const before = await locked(a!.code);

    // A picker bound to 陈列区 of 杭州中心大仓 (issue 16.3 picker areas).
    const picker = await boundPicker(t, 21, 1);
    const assigned = await t.json(wh, 'POST', `${PICK}/assignPicker/${pick.id}`, { pickerId: picker.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.status).toBe(20);
    const detail = (await t.json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${pick.pickOrderCode}`)).body
      .data;
    const line = detail.itemList[0] as Row;
    // Quantities keep 3 decimals; more are refused.
    const tooFine = await t.json(wh, 'POST', `${PICK}/web/updatePickQuantity`, {
      id: pick.id,
      itemList: [{ ...lineBody(line), realPickQuantity: 1.2345 }],
    });
    expect(tooFine.status).toBe(400);
    // What was ordered (应拣数量) is not the picker's to change.
    const reordered = await t.json(wh, 'POST', `${PICK}/web/updatePickQuantity`, {
      id: pick.id,
      itemList: [{ ...lineBody(line), pickQuantity: Number(line.pickQuantity) + 5, realPickQuantity: 1 }],
    });
    expect(reordered.status).toBe(409);
    expect(reordered.body.result.msg).toContain('拣货明细不能增删，应拣数量不能修改');
    const picked = await t.json(wh, 'POST', `${PICK}/web/updatePickQuantity`, {
      id: pick.id,
      itemList: [{ ...lineBody(line), realPickQuantity: 1.875 }],
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.data.itemList[0]).toMatchObject({
      realPickQuantity: 1.875,
      commodityName: line.commodityName,
    });

    const [x, y] = await Promise.all([
      t.json(wh, 'POST', `${PICK}/finishPickOrder/${pick.id}`),
      t.json(wh, 'POST', `${PICK}/finishPickOrder/${pick.id}`),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const after = await locked(a!.code);
    expect(after.quantity).toBeCloseTo(before.quantity, 3);
    expect(after.locked).toBeCloseTo(before.locked + 1.875, 3);
    expect(after.available).toBeCloseTo(before.available - 1.875, 3);
    const ledger = await sql<{ q: string; l: string; type: number }>`
      select quantity as q, locked_quantity as l, move_type as type from stock_ledger
      where doc_code = ${pick.pickOrderCode}`.execute(t.database.db);
    expect(ledger.rows.length).toBeGreaterThan(0);
    expect(ledger.rows.every((r) => Number(r.type) === 3 && Number(r.q) === 0)).toBe(true);
    expect(ledger.rows.reduce((s, r) => s + Number(r.l), 0)).toBeCloseTo(1.875, 3);
    // The finished pick goes to sorting (its store's slot on the warehouse's enabled seeding wall); the
    // stock-out waits for 完成分拣.
    const sortings = (
      await t.json(wh, 'POST', '/gateApi/storageAdmin/sortingOrder/web/list', {
        pageNo: 1,
        pageSize: 5,
        keyword: pick.pickOrderCode,
      })
    ).body.data.list as Row[];
    expect(sortings).toHaveLength(1);
    expect(sortings[0]).toMatchObject({
      status: 10,
      totalQuantity: 1.875,
      slotCode: 'A01',
      storeName: '杭州文三路店',
    });
    const { rows: outs } = await sql<{ n: number }>`
      select count(*)::int as n from stock_out_order where pick_order_code = ${pick.pickOrderCode}`.execute(
      t.database.db,
    );
    expect(outs[0]!.n).toBe(0);
    // Finished pick orders are no longer edited.
    const late = await t.json(wh, 'POST', `${PICK}/web/updatePickQuantity`, { id: pick.id, remark: '改' });
    expect(late.status).toBe(409);

    // More than is available: refused, naming the commodity and the shortfall; nothing locked.
    await t.json(wh, 'POST', `${PICK}/assignPicker/${other.id}`, {
      pickerId: (await boundPicker(t, 21, 3)).id,
    });
    const d3 = (await t.json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${other.pickOrderCode}`)).body
      .data;
    const l3 = d3.itemList[0] as Row;
    await t.json(wh, 'POST', `${PICK}/web/updatePickQuantity`, {
      id: other.id,
      itemList: [{ ...lineBody(l3), realPickQuantity: 99999 }],
    });
    const held = await locked(b!.code);
    const refused = await t.json(wh, 'POST', `${PICK}/finishPickOrder/${other.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain(
      `${String(l3.commodityName)}（${b!.code}）可用库存不足：需要 99999`,
    );
    expect(await locked(b!.code)).toEqual(held);
    await ledgerAgrees();
  });
});
