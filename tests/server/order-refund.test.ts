import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { todoTask } from './resource-helpers';

const TK = '/api/v1/shop/orderRefund';
const ITEMS = '/api/v1/shop/appOrderItem/findByPage';

type Row = Record<string, unknown>;

// Issue 17.1: after-sales refunds of delivered cloud-supermarket orders. The lines' value is the
// server's (the order's prices); the amount may not exceed what was paid, nor the chosen lines' value;
// from 100 yuan the store manager approves, from 1,000 finance too; the approval adds to the order's
// refunded amount, which never exceeds its paid amount, so refunds of one order cannot add up to more.
describe('after-sales refunds', () => {
  let t: TestApp;
  let hq: string;
  let manager: string;
  let clerk: string;
  let fin: string;
  let order: { id: number; code: string; paid: number };
  let other: { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    manager = await t.login('md001');
    clerk = await t.login('e00007');
    fin = await t.login('tip001');
    // A delivered order of 杭州文三路店 (store 11) worth at least 60 yuan, with two lines or more.
    const { rows } = await sql<{ id: number; code: string; paid: string }>`
      select o.id, o.order_code as code, o.pay_amount as paid from cloud_order o
      where o.shop_id = 11 and o.order_status = 6 and o.pay_amount >= 60
        and (select count(*) from cloud_order_item i where i.order_id = o.id) >= 2
      order by o.id limit 1`.execute(t.database.db);
    order = { id: rows[0]!.id, code: rows[0]!.code, paid: Number(rows[0]!.paid) };
    const { rows: others } = await sql<{ id: number }>`
      select id from cloud_order where shop_id = 12 and order_status = 6 order by id limit 1`.execute(
      t.database.db,
    );
    other = others[0]!;
  });
  afterAll(() => t.close());

  const refunded = async (id = order.id) => {
    const { rows } = await sql<{ r: string | null }>`
      select refunded_amount as r from cloud_order where id = ${id}`.execute(t.database.db);
    return Number(rows[0]!.r ?? 0);
  };
  const items = async (token = clerk) =>
    (await t.json(token, 'POST', ITEMS, { pageNo: 1, pageSize: 50, orderId: order.id })).body.data
      .list as Row[];
  const apply = (body: Row, token = clerk) =>
    t.json(token, 'POST', `${TK}/add`, { orderId: order.id, ...body });
  const submit = (id: unknown, token = clerk) => t.json(token, 'POST', `${TK}/submit/${String(id)}`);
  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${TK}/detail/${String(id)}`)).body.data as Row;
  const taskOf = (token: string, code: unknown) => todoTask(t, token, code);

  it('the demo refunds: every status, each order refunded exactly by its refunded refunds', async () => {
    const { rows: states } = await sql<{ status: number }>`
      select distinct status from order_refund order by status`.execute(t.database.db);
    expect(states.map((r) => r.status)).toEqual(expect.arrayContaining([0, 10, 20, 40]));
    const { rows: off } = await sql<{ id: number }>`
      select o.id from cloud_order o
      left join order_refund r on r.order_id = o.id and r.status = 20
      group by o.id, o.refunded_amount, o.pay_amount
      having coalesce(o.refunded_amount, 0) <> coalesce(sum(r.refund_amount), 0)
          or coalesce(o.refunded_amount, 0) > o.pay_amount`.execute(t.database.db);
    expect(off).toEqual([]);
    // The ones waiting have the store manager's task open.
    const { rows: waiting } = await sql<{ code: string }>`
      select refund_code as code from order_refund where status = 10 order by id limit 1`.execute(
      t.database.db,
    );
    expect(waiting.length).toBe(1);
    expect(await taskOf(manager, waiting[0]!.code)).toBeDefined();
  });

  it('a partial refund: the lines’ value from the order’s prices; quantity, lines and amount checked', async () => {
    const lines = await items();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const [a, b] = lines as { id: number; quantity: number; price: number; commodityName: string }[];
    // More than was bought of a line is refused, naming it.
    const tooMany = await apply({
      refundType: 2,
      reason: 1,
      refundAmount: 1,
      itemList: [{ orderItemId: a!.id, quantity: Number(a!.quantity) + 1 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result.msg).toBe(`${a!.commodityName}的退款数量不能超过购买数量`);
    // No lines for a partial refund; lines for a whole one.
    expect((await apply({ refundType: 2, reason: 1, refundAmount: 1 })).body.result.msg).toBe(
      '部分退款请选择退款商品',
    );
    expect(
      (
        await apply({
          refundType: 1,
          reason: 1,
          refundAmount: 1,
          itemList: [{ orderItemId: a!.id, quantity: 1 }],
        })
      ).body.result.msg,
    ).toBe('整单退款无需选择商品');
    // A line of another order is not one to pick.
    const { rows } = await sql<{ id: number }>`
      select id from cloud_order_item where order_id <> ${order.id} order by id limit 1`.execute(
      t.database.db,
    );
    const foreign = await apply({
      refundType: 2,
      reason: 1,
      refundAmount: 1,
      itemList: [{ orderItemId: rows[0]!.id, quantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    // The value of the chosen lines bounds the amount.
    const qa = Math.min(1, Number(a!.quantity));
    const value = Math.round(qa * Number(a!.price) * 100) / 100;
    const over = await apply({
      refundType: 2,
      reason: 1,
      refundAmount: Math.round(value * 100 + 1) / 100,
      itemList: [{ orderItemId: a!.id, quantity: qa }],
    });
    expect(over.body.result.msg).toBe('退款金额不能超过所选商品金额');
    // A price from the browser is not taken at all: the order's prices are the server's.
    const priced = await apply({
      refundType: 2,
      reason: 2,
      refundAmount: value,
      itemList: [{ orderItemId: a!.id, quantity: qa, price: 0.01 }],
    });
    expect(priced.body.result.msg).toBe('不支持的字段：price');
    const made = await apply({
      refundType: 2,
      reason: 2,
      refundAmount: value,
      remark: '少送一件',
      itemList: [
        { orderItemId: a!.id, quantity: qa },
        { orderItemId: b!.id, quantity: Math.min(1, Number(b!.quantity)) },
      ],
    });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    const doc = made.body.data as Row & { itemList: Row[] };
    expect(doc.itemList[0]).toMatchObject({
      price: Number(a!.price),
      amount: value,
      orderedQuantity: a!.quantity,
    });
    expect(doc).toMatchObject({ orderCode: order.code, shopId: 11, orderPayAmount: order.paid, status: 0 });
    expect(Number(doc.goodsAmount)).toBeGreaterThanOrEqual(value);
  });

  it('the amount never exceeds what was paid; a small refund passes at once and adds to the order', async () => {
    const over = await apply({
      refundType: 1,
      reason: 3,
      refundAmount: Math.round(order.paid * 100 + 1) / 100,
    });
    expect(over.status).toBe(400);
    expect(over.body.result.msg).toBe('退款金额不能超过订单实付金额');
    const before = await refunded();
    const small = await apply({ refundType: 1, reason: 3, refundAmount: 12.3 });
    expect(small.status).toBe(200);
    const done = await submit(small.body.data.id);
    expect(done.status, JSON.stringify(done.body.result)).toBe(200);
    expect((await detail(small.body.data.id)).status).toBe(20);
    expect(await refunded()).toBeCloseTo(before + 12.3, 2);
  });

  it('from 100 yuan the store manager approves; refunds together cannot return more than was paid', async () => {
    const { rows } = await sql<{ id: number; paid: string }>`
      select id, pay_amount as paid from cloud_order where shop_id = 11 and order_status = 6
        and pay_amount >= 200 and coalesce(refunded_amount, 0) = 0 order by id limit 1`.execute(
      t.database.db,
    );
    const o = { id: rows[0]!.id, paid: Number(rows[0]!.paid) };
    const make = async (refundAmount: number) => {
      const made = await t.json(clerk, 'POST', `${TK}/add`, {
        orderId: o.id,
        refundType: 1,
        reason: 1,
        refundAmount,
      });
      expect(made.status, JSON.stringify(made.body.result)).toBe(200);
      expect((await submit(made.body.data.id)).status).toBe(200);
      return made.body.data as { id: number; refundCode: string };
    };
    // Each within the paid amount, together beyond it: the big one waits for the manager, the small
    // one passes at once.
    const big = await make(Math.round((o.paid - 50) * 100) / 100);
    expect((await detail(big.id)).status).toBe(10);
    await make(60);
    expect(await refunded(o.id)).toBe(60);
    const task = (await taskOf(manager, big.refundCode))!;
    expect(task).toBeDefined();
    expect(await taskOf(fin, big.refundCode)).toBeUndefined();
    const refused = await t.json(manager, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('的已退款金额不能超过实付金额：');
    expect(refused.body.result.msg).toContain(`最多还可${(o.paid - 60).toFixed(2)}`);
    expect((await detail(big.id)).status).toBe(10);
    expect(await refunded(o.id)).toBe(60);
    // Rejected, corrected to what is left, approved: the order is refunded in full, not a cent more.
    const rejected = await t.json(manager, 'POST', `/api/v1/approval/task/reject/${String(task.id)}`, {
      comment: '金额超出可退金额',
    });
    expect(rejected.status, JSON.stringify(rejected.body.result)).toBe(200);
    expect((await detail(big.id)).status).toBe(30);
    const rest = Math.round((o.paid - 60) * 100) / 100;
    expect((await t.json(clerk, 'POST', `${TK}/update`, { id: big.id, refundAmount: rest })).status).toBe(
      200,
    );
    expect((await submit(big.id)).status).toBe(200);
    const again = (await taskOf(manager, big.refundCode))!;
    expect(
      (await t.json(manager, 'POST', `/api/v1/approval/task/approve/${String(again.id)}`, {})).status,
    ).toBe(200);
    expect((await detail(big.id)).status).toBe(20);
    expect(await refunded(o.id)).toBe(o.paid);
  });

  it('from 1,000 yuan finance approves after the store manager; a store manager’s own refund skips his step', async () => {
    const { rows } = await sql<{ id: number; paid: string }>`
      select id, pay_amount as paid from cloud_order where shop_id = 11 and order_status = 6
        and pay_amount >= 1000 and coalesce(refunded_amount, 0) = 0 order by id limit 1`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
    const big = rows[0]!;
    const made = await t.json(manager, 'POST', `${TK}/add`, {
      orderId: big.id,
      refundType: 1,
      reason: 4,
      refundAmount: 1000,
    });
    expect(made.status).toBe(200);
    expect((await t.json(manager, 'POST', `${TK}/submit/${String(made.body.data.id)}`)).status).toBe(200);
    expect(await taskOf(manager, made.body.data.refundCode)).toBeUndefined();
    const task = (await taskOf(fin, made.body.data.refundCode))!;
    expect((await t.json(fin, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, {})).status).toBe(
      200,
    );
    expect((await detail(made.body.data.id)).status).toBe(20);
    expect(await refunded(big.id)).toBe(1000);
  });

  it('a store refunds its own orders only, and sees its own refunds', async () => {
    const foreign = await t.json(clerk, 'POST', `${TK}/add`, {
      orderId: other.id,
      refundType: 1,
      reason: 1,
      refundAmount: 1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.result.msg).toBe('所选云超订单不在您的管辖范围内');
    const lines = await t.json(clerk, 'POST', ITEMS, { pageNo: 1, pageSize: 5, orderId: other.id });
    expect(lines.body.data.list).toEqual([]);
    const own = (await t.json(clerk, 'POST', `${TK}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.shopId === 11)).toBe(true);
    // Someone without the button cannot apply.
    const wh = await t.login('wh001');
    expect(
      (await t.json(wh, 'POST', `${TK}/add`, { refundType: 1, reason: 1, refundAmount: 1 })).status,
    ).toBe(401);
  });
});
