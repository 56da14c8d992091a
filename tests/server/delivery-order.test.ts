import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { chooseStore } from './auth-helpers';
import { OUT, type Row, supplyLoop } from './supply-helpers';

const DELIVERY = '/gateApi/storageAdmin/deliveryOrder';
const LIST = `${DELIVERY}/findByPage`;
const RECEIVE = '/api/v1/shop/storeReceive/update';

// Issue 16.3 (the supply loop's end): a confirmed delivery stock-out raises the store's 配送单 with its
// lines; the warehouse dispatches it (method, vehicle, driver), it fails and goes again, arrives; the
// store corrects a line's received quantity with its reason (never what was shipped, nor the lines),
// confirms receipt, and the differences are computed by the server and frozen. Each side sees only its
// own deliveries.
describe('delivery orders and the store receipt', () => {
  let t: TestApp;
  let md: string;
  let wh: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    [md, wh] = [await t.login('md001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  const { json, held, stockOf, ledgerAgrees, pickedOut } = supplyLoop(() => ({ t, md, wh }));
  const detail = async (id: unknown) => (await json(wh, 'GET', `${DELIVERY}/detail/${String(id)}`)).body.data;

  it('seeds a night of deliveries in every status, each from its confirmed stock-out', async () => {
    const { rows } = await sql<{ status: number; n: number; outs: number }>`
      select d.status, count(*)::int as n,
        count(*) filter (where o.status = 20 and o.store_id = d.store_id)::int as outs
      from delivery_order d join stock_out_order o on o.order_code = d.stock_out_order_code
      group by d.status order by d.status`.execute(t.database.db);
    expect(rows.map((r) => r.status)).toEqual([10, 20, 30, 40, 50]);
    for (const r of rows) expect(r.outs).toBe(r.n);
    // Seeded picks moved stock through the engine: the ledger still explains every figure.
    await ledgerAgrees();
  });

  it('walks a delivery from the stock-out to the store receipt with a difference', async () => {
    const [a] = await held(4);
    const before = await stockOf(a!.code);
    const { out, pick, storeOrderCode } = await pickedOut(a!.code, 2.5);
    expect(out).toMatchObject({ storeId: expect.any(Number), deliveryBatch: 1 });
    // Nothing is delivered before the goods are out.
    const none = await json(wh, 'POST', LIST, { pageNo: 1, pageSize: 5, keyword: out.orderCode });
    expect(none.body.data.list).toEqual([]);
    expect((await json(wh, 'POST', `${OUT}/confirmStockOut/${out.id}`)).status).toBe(200);
    expect((await stockOf(a!.code)).quantity).toBeCloseTo(before.quantity - 2.5, 3);

    const [listed] = (await json(wh, 'POST', LIST, { pageNo: 1, pageSize: 5, keyword: out.orderCode })).body
      .data.list as Row[];
    expect(listed).toMatchObject({
      status: 10,
      stockOutOrderCode: out.orderCode,
      pickOrderCode: pick.pickOrderCode,
      storeOrderCode,
      storeName: '杭州文三路店',
      warehouseName: '杭州中心大仓',
      deliveryBatch: 1,
      deliveryMethod: 1,
      lineCount: 1,
      totalQuantity: 2.5,
      totalAmount: Math.round(a!.price * 2.5 * 100) / 100,
      differenceQuantity: 0,
    });
    expect(String(listed!.deliveryCode)).toMatch(/^PS\d+/);
    const id = listed!.id as number;

    // Dispatch needs a valid plate and phone; the store cannot dispatch.
    const bad = await json(wh, 'POST', `${DELIVERY}/dispatch/${id}`, {
      deliveryMethod: 1,
      vehiclePlate: 'ABC',
      driverPhone: '123',
    });
    expect(bad.status).toBe(400);
    expect((await json(md, 'POST', `${DELIVERY}/dispatch/${id}`, { deliveryMethod: 1 })).status).toBe(401);
    const go = await json(wh, 'POST', `${DELIVERY}/dispatch/${id}`, {
      deliveryMethod: 1,
      vehiclePlate: '浙A12345',
      driverName: '钱师傅',
      driverPhone: '13912345678',
    });
    expect(go.status, JSON.stringify(go.body)).toBe(200);
    expect((await json(wh, 'POST', `${DELIVERY}/fail/${id}`, { failReason: '车辆故障' })).status).toBe(200);
    expect((await json(wh, 'POST', `${DELIVERY}/redeliver/${id}`)).status).toBe(200);
    // The store cannot receive what has not arrived.
    expect((await json(md, 'POST', `${DELIVERY}/receive/${id}`, {})).status).toBe(409);
    expect((await json(wh, 'POST', `${DELIVERY}/arrive/${id}`)).status).toBe(200);
    expect(await detail(id)).toMatchObject({
      status: 30,
      vehiclePlate: '浙A12345',
      driverName: '钱师傅',
      dispatcherName: '王仓管',
      failReason: '车辆故障',
    });

    // The store corrects the received quantity; what was shipped and the lines stay as they are.
    const shipped = (await detail(id)).itemList[0] as Row;
    const line = {
      commodityCode: shipped.commodityCode,
      commodityName: shipped.commodityName,
      unitName: shipped.unitName,
      price: shipped.price,
      quantity: shipped.quantity,
    };
    const changedShipped = await json(md, 'POST', RECEIVE, {
      id,
      itemList: [{ ...line, quantity: 9, receivedQuantity: 2.3 }],
    });
    expect(changedShipped.status).toBe(409);
    expect(changedShipped.body.result.msg).toContain('配送明细不能增删，发货数量不能修改');
    const added = await json(md, 'POST', RECEIVE, {
      id,
      itemList: [
        { ...line, receivedQuantity: 2.5 },
        { ...line, receivedQuantity: 1 },
      ],
    });
    expect(added.status).toBe(409);
    const corrected = await json(md, 'POST', RECEIVE, {
      id,
      itemList: [{ ...line, receivedQuantity: 2.3, differenceReason: '少 0.2 公斤' }],
      receiveRemark: '一箱破损',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const received = await json(md, 'POST', `${DELIVERY}/receive/${id}`, {});
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const done = await detail(id);
    const diffAmount = Math.round(a!.price * 0.2 * 100) / 100;
    expect(done).toMatchObject({
      status: 50,
      receivedQuantity: 2.3,
      differenceQuantity: 0.2,
      differenceAmount: diffAmount,
      receiverName: expect.any(String),
      receiveRemark: '一箱破损',
    });
    expect(done.receiveTime).toBeTruthy();
    expect(done.itemList[0]).toMatchObject({
      quantity: 2.5,
      receivedQuantity: 2.3,
      differenceQuantity: 0.2,
      differenceAmount: diffAmount,
      differenceReason: '少 0.2 公斤',
    });
    // Received: frozen.
    const late = await json(md, 'POST', RECEIVE, { id, itemList: [{ ...line, receivedQuantity: 2.5 }] });
    expect(late.status).toBe(409);
    // The warehouse sees the difference reported back on its list.
    const withDiff = (
      await json(wh, 'POST', LIST, {
        pageNo: 1,
        pageSize: 5,
        keyword: out.orderCode,
        differenceQuantity: [0.001, 99999],
      })
    ).body.data.list as Row[];
    expect(withDiff.map((r) => r.id)).toEqual([id]);
    // Stock moved only at the stock-out.
    expect((await stockOf(a!.code)).quantity).toBeCloseTo(before.quantity - 2.5, 3);
    await ledgerAgrees();
  });

  it('a store sees only its own deliveries', async () => {
    const [, b] = await held(4);
    const { out } = await pickedOut(b!.code, 1);
    expect((await json(wh, 'POST', `${OUT}/confirmStockOut/${out.id}`)).status).toBe(200);
    const [mine] = (await json(md, 'POST', LIST, { pageNo: 1, pageSize: 5, keyword: out.orderCode })).body
      .data.list as Row[];
    expect(mine).toBeDefined();
    // Another store's manager: the same delivery is not his.
    other = await userWithStore();
    const theirs = await json(other, 'POST', LIST, { pageNo: 1, pageSize: 5, keyword: out.orderCode });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.list).toEqual([]);
    expect((await json(other, 'GET', `${DELIVERY}/detail/${String(mine!.id)}`)).status).toBe(404);
  });

  /** hq001 signed in to 杭州西湖店 (12), where he is the store manager: another store than md001's. */
  async function userWithStore(): Promise<string> {
    const token = await t.login('hq001');
    const chosen = await chooseStore(t, token, 12, 2);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    return token;
  }
});
