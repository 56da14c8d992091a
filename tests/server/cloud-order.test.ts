import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents, userWith } from './resource-helpers';

const LIST = '/api/v1/shop/findAppOrderByPage';
const DETAIL = '/api/v1/shop/appOrder/detail';
const ACT = '/api/v1/shop/appOrder';
const WAIT_DELIVER = '/api/v1/shop/findWaitDeliverOrderByPage';

type Row = Record<string, unknown>;

// Issue 17.1: cloud-supermarket orders on the engine — a store's own orders, amounts computed by the
// server, the store's actions by order status (SPEC 3) and the pending-delivery list over the same rows.
describe('cloud-supermarket orders', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, md] = [await t.login('hq001'), await t.login('md001')];
  });
  afterAll(() => t.close());

  const memberPoints = async (id: number) =>
    Number(
      (await sql<{ p: number }>`select points as p from member where id = ${id}`.execute(t.database.db))
        .rows[0]!.p,
    );

  async function firstOf(token: string, filter: Row): Promise<Row> {
    const { status, body } = await t.json(token, 'POST', LIST, { pageSize: 1, ...filter });
    expect(status).toBe(200);
    expect(body.data.total).toBeGreaterThan(0);
    return body.data.list[0] as Row;
  }

  it('headquarters lists every store’s orders; a store only its own, also by detail', async () => {
    const all = await t.json(hq, 'POST', LIST, { pageSize: 500 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(1000);
    const stores = new Set((all.body.data.list as Row[]).map((r) => r.shopId));
    expect(stores.size).toBeGreaterThan(1);

    const own = await t.json(md, 'POST', LIST, { pageSize: 500 });
    expect(
      (own.body.data.list as Row[]).every((r) => r.shopId === 11 && r.storeName === '杭州文三路店'),
    ).toBe(true);
    expect(own.body.data.total).toBeLessThan(all.body.data.total);
    const other = await firstOf(hq, { storeName: '上海徐汇店' });
    const refused = await t.json(md, 'GET', `${DETAIL}/${String(other.id)}`);
    expect(refused.status).toBe(404);
    // Nor may the store act on it: a write outside the scope is unknown too.
    const acted = await t.json(md, 'POST', `${ACT}/cancel/${String(other.id)}`, { cancelReason: '测试' });
    expect(acted.status).toBe(404);
  });

  it('names its member: the member’s orders are listed by memberId (his detail), a store sees only its own', async () => {
    const mine = await t.json(hq, 'POST', LIST, { pageSize: 50, memberId: 1 });
    expect(mine.status).toBe(200);
    const rows = mine.body.data.list as Row[];
    expect(rows.length).toBeGreaterThan(1);
    expect(
      rows.every((r) => r.memberId === 1 && r.memberCode === 'HY000001' && r.memberName === '林晓'),
    ).toBe(true);
    // Every seeded order names a member.
    const all = await t.json(hq, 'POST', LIST, { pageSize: 500 });
    expect((all.body.data.list as Row[]).every((r) => typeof r.memberId === 'number')).toBe(true);
    const store = await t.json(md, 'POST', LIST, { pageSize: 50, memberId: 1 });
    expect((store.body.data.list as Row[]).every((r) => r.shopId === 11)).toBe(true);
    expect(store.body.data.total).toBeLessThan(mine.body.data.total);
  });

  it('computes the amounts on the server exactly: lines, goods, and paid = goods + fee − discount − coupon', async () => {
    const { body } = await t.json(hq, 'POST', LIST, { pageSize: 200, orderStatus: [6] });
    for (const row of (body.data.list as Row[]).slice(0, 40)) {
      const detail = (await t.json(hq, 'GET', `${DETAIL}/${String(row.id)}`)).body.data as Row;
      const lines = detail.itemList as Row[];
      expect(lines.length).toBe(detail.lineCount);
      for (const l of lines)
        expect(cents(l.amount)).toBe(Math.round(Number(l.quantity) * Number(l.price) * 100));
      expect(cents(detail.goodsAmount)).toBe(lines.reduce((s, l) => s + cents(l.amount), 0));
      expect(cents(detail.payAmount)).toBe(
        cents(detail.goodsAmount) +
          cents(detail.freightAmount) -
          cents(detail.discountAmount) -
          cents(detail.couponAmount),
      );
      expect(Number(detail.payAmount)).toBeGreaterThan(0);
    }
    // No seeded order pays nothing or less.
    const unpaid = await t.database.db
      .selectFrom('cloudOrder')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('payAmount', '<=', '0')
      .executeTakeFirstOrThrow();
    expect(Number(unpaid.n)).toBe(0);
    for (const row of (body.data.list as Row[]).slice(0, 10)) {
      const detail = (await t.json(hq, 'GET', `${DETAIL}/${String(row.id)}`)).body.data as Row;
      // A delivered order's timeline runs in order.
      const times = ['createTime', 'payTime', 'acceptTime', 'pickTime', 'deliverTime', 'finishTime'].map(
        (k) => Date.parse(String(detail[k])),
      );
      expect(times.every((v, i) => !Number.isNaN(v) && (i === 0 || v >= times[i - 1]!))).toBe(true);
      expect(detail.cancelTime).toBeNull();
    }
  });

  it('the store takes an order through accept, pick, delivery, a failure and a redelivery to delivered', async () => {
    // An order of an active member (his points are earned at delivery).
    const waitingOrders = (await t.json(md, 'POST', LIST, { pageSize: 50, orderStatus: [2] })).body.data
      .list as Row[];
    const order = waitingOrders.find((o) => o.memberStatus === 1 && Number(o.payAmount) >= 1)!;
    const id = String(order.id);
    const step = async (action: string, to: number, body: Row = {}) => {
      const res = await t.json(md, 'POST', `${ACT}/${action}/${id}`, body);
      expect([action, res.status, res.body.result.msg]).toEqual([action, 200, expect.any(String)]);
      expect(res.body.data.orderStatus).toBe(to);
      return res.body.data as Row;
    };
    // Out of order: delivering an order not yet picked is refused with the reason.
    const early = await t.json(md, 'POST', `${ACT}/deliver/${id}`);
    expect(early.status).toBe(409);
    expect(early.body.result.code).toBe('E0409');
    expect(early.body.result.msg).toMatch(/待拣货/);

    expect((await step('accept', 3)).handlerName).toBe('李店长');
    await step('finishPick', 4);
    // Now it waits for delivery: the pending-delivery list (and its slip) show it.
    const waiting = await t.json(md, 'POST', WAIT_DELIVER, { orderCode: order.orderCode });
    expect((waiting.body.data.list as Row[]).map((r) => r.id)).toEqual([order.id]);
    await step('deliver', 5);
    const noReason = await t.json(md, 'POST', `${ACT}/deliverFail/${id}`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.result.msg).toBe('请输入失败原因');
    const failed = await step('deliverFail', 7, { failReason: '顾客电话无人接听' });
    expect(failed.failReason).toBe('顾客电话无人接听');
    expect(failed.failTime).toBeTruthy();
    await step('redeliver', 5);
    const pointsBefore = await memberPoints(order.memberId as number);
    const done = await step('deliverSuccess', 6);
    for (const k of ['acceptTime', 'pickTime', 'deliverTime', 'finishTime']) expect(done[k]).toBeTruthy();
    // Delivered: the member earns points by the order's rule (每消费1元积1分), posted at once.
    const earned = await sql<{ earned: number; status: number; pointsAfter: number }>`
      select earned, status, points_after as "pointsAfter" from points_record
      where order_code = ${order.orderCode as string} and points_type = 1`.execute(t.database.db);
    const expected = Math.round(Number(order.payAmount));
    expect(earned.rows).toEqual([{ earned: expected, status: 20, pointsAfter: pointsBefore + expected }]);
    expect(await memberPoints(order.memberId as number)).toBe(pointsBefore + expected);

    // A delivered order cannot be cancelled or accepted again.
    const cancel = await t.json(md, 'POST', `${ACT}/cancel/${id}`, { cancelReason: '顾客申请取消' });
    expect([cancel.status, cancel.body.result.code]).toEqual([409, 'E0409']);
    expect((await t.json(md, 'POST', `${ACT}/accept/${id}`)).status).toBe(409);
    // The list shows what the store did; the waiting list no longer holds it.
    expect((await t.json(md, 'POST', WAIT_DELIVER, { orderCode: order.orderCode })).body.data.total).toBe(0);
  });

  it('cancels with a reason; the amounts cannot be sent', async () => {
    const order = await firstOf(md, { orderStatus: [4] });
    const id = String(order.id);
    const before = (await t.json(md, 'GET', `${DETAIL}/${id}`)).body.data as Row;
    const res = await t.json(md, 'POST', `${ACT}/cancel/${id}`, { cancelReason: '商品缺货' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderStatus: 0, cancelReason: '商品缺货' });
    expect(res.body.data.payAmount).toBe(before.payAmount);
    const again = await t.json(md, 'POST', `${ACT}/cancel/${id}`, { cancelReason: '商品缺货' });
    expect(again.status).toBe(409);
    const tampered = await t.json(
      md,
      'POST',
      `${ACT}/accept/${String((await firstOf(md, { orderStatus: [2] })).id)}`,
      {
        payAmount: 0.01,
      },
    );
    expect(tampered.status).toBe(400);
  });

  it('each action needs its own button; a clerk without 取消订单 cannot cancel, nor read the phone in full', async () => {
    const clerk = await userWith(t, 'e00007', ['/admin/shop/cloudOrderList', 'cloudOrder:handle']);
    const order = await firstOf(clerk, { orderStatus: [2] });
    expect(order.shopId).toBe(11);
    const denied = await t.json(clerk, 'POST', `${ACT}/cancel/${String(order.id)}`, { cancelReason: '测试' });
    expect([denied.status, denied.body.result.code]).toEqual([401, 'E0401']);
    expect((await t.json(clerk, 'POST', `${ACT}/accept/${String(order.id)}`)).status).toBe(200);
    // The customer's phone: masked for the clerk (list and detail), in full for the manager (查看完整手机号).
    expect(order.receivePhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const masked = (await t.json(clerk, 'GET', `${DETAIL}/${String(order.id)}`)).body.data as Row;
    expect(masked.receivePhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const full = (await t.json(md, 'GET', `${DETAIL}/${String(order.id)}`)).body.data as Row;
    expect(full.receivePhone).toMatch(/^1\d{10}$/);
    expect(String(full.receivePhone).slice(-4)).toBe(String(masked.receivePhone).slice(-4));
    const wh = await t.login('wh001');
    expect((await t.json(wh, 'POST', LIST, {})).status).toBe(401);
  });

  it('hands several picked orders to delivery at once, all or nothing', async () => {
    const { body } = await t.json(md, 'POST', LIST, { pageSize: 3, orderStatus: [4] });
    const ids = (body.data.list as Row[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    const delivered = await t.json(md, 'POST', `${ACT}/batch/deliver`, { ids });
    expect(delivered.status).toBe(200);
    for (const id of ids) {
      expect((await t.json(md, 'GET', `${DETAIL}/${String(id)}`)).body.data.orderStatus).toBe(5);
    }
    const twice = await t.json(md, 'POST', `${ACT}/batch/deliver`, { ids });
    expect(twice.status).toBe(409);
  });
});
