import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith as withRole } from './resource-helpers';

// Issue 8: the data of the print pages that the resource engine does not serve (server/routes/print-data).
const SHOP = '/api/v1/shop/findAppOrderDetailsByOrderId';
const OBTAIN = '/gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById';
const TRANSFER = '/gateApi/storageAdmin/alloc/web/print';

describe('print data endpoints', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, md, wh] = [await t.login('hq001'), await t.login('md001'), await t.login('wh001')];
  });
  afterAll(() => t.close());

  const userWith = (account: string, keys: string[]) => withRole(t, account, keys);

  describe(`GET ${SHOP}`, () => {
    it('answers a shop-app order with its lines, amounts and quantities as numbers', async () => {
      const { status, body } = await t.json(hq, 'GET', `${SHOP}?orderId=1`);
      expect(status).toBe(200);
      const order = body.data;
      expect(order).toMatchObject({ id: 1, shopId: 11, storeName: '杭州文三路店', orderStatus: 4 });
      expect(order.orderCode).toMatch(/^APP\d{14}$/);
      expect(order.receiveTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(order.receiveInterval).toMatch(/^\d{2}:\d{2}-\d{2}:\d{2}$/);
      expect(order.receivePhone).toMatch(/^1\d{10}$/);
      expect(order.items.length).toBeGreaterThan(1);
      for (const item of order.items) {
        expect(typeof item.quantity).toBe('number');
        expect(typeof item.isWeight).toBe('boolean');
        expect(item.amount).toBeCloseTo(item.price * item.quantity, 1);
      }
      const goods = order.items.reduce((s: number, i: { amount: number }) => s + i.amount, 0);
      expect(order.goodsAmount).toBeCloseTo(goods, 2);
      expect(order.payAmount).toBeCloseTo(
        order.goodsAmount + order.freightAmount - order.discountAmount - order.couponAmount,
        2,
      );
    });

    it('isPrint=1 answers the print status and masks the phone', async () => {
      const db = t.database.db;
      // Order 3 set to each order status in turn: the print status domain of SPEC 3.
      const expected: [number, number][] = [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 2],
        [4, 2],
        [5, 3],
        [6, 4],
        [7, 5],
      ];
      for (const [orderStatus, printStatus] of expected) {
        await db.updateTable('cloudOrder').set({ orderStatus }).where('id', '=', 3).execute();
        const { body } = await t.json(hq, 'GET', `${SHOP}?orderId=3&isPrint=1`);
        expect(body.data.orderStatus, `order status ${orderStatus}`).toBe(printStatus);
        expect(body.data.receivePhone).toMatch(/^1\d{2}\*{4}\d{4}$/);
      }
    });

    it('a store user sees the orders of the chosen store only; others are unknown to it', async () => {
      expect((await t.json(md, 'GET', `${SHOP}?orderId=1&isPrint=1`)).body.data.shopId).toBe(11);
      const other = await t.json(md, 'GET', `${SHOP}?orderId=2&isPrint=1`);
      expect(other.status).toBe(404);
      expect(other.body.result).toMatchObject({ success: false, code: 'E0404', msg: '门店订单不存在' });
    });

    it('an unknown id is a 404 with the Chinese message', async () => {
      const { max } = await t.database.db
        .selectFrom('cloudOrder')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirstOrThrow();
      const { status, body } = await t.json(hq, 'GET', `${SHOP}?orderId=${Number(max) + 1}`);
      expect(status).toBe(404);
      expect(body.result).toMatchObject({ code: 'E0404', msg: '门店订单不存在' });
    });

    it('checks the query: orderId required, a positive integer; isPrint 0 or 1', async () => {
      expect((await t.json(hq, 'GET', SHOP)).body.result).toMatchObject({
        code: 'E0400',
        msg: '请输入订单ID',
      });
      expect((await t.json(hq, 'GET', `${SHOP}?orderId=abc`)).body.result.msg).toBe('订单ID必须是正整数');
      expect((await t.json(hq, 'GET', `${SHOP}?orderId=0`)).body.result.msg).toBe('订单ID必须是正整数');
      expect((await t.json(hq, 'GET', `${SHOP}?orderId=1&isPrint=2`)).body.result.msg).toBe(
        '打印标记只能是 0 或 1',
      );
    });

    it('needs the page or the print code; printing needs the print code', async () => {
      const denied = await t.json(wh, 'GET', `${SHOP}?orderId=1`);
      expect(denied.status).toBe(401);
      expect(denied.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
      // e00007 works in store 11, the store of order 1.
      const viewer = await userWith('e00007', ['/admin/shop/waitDeliverList']);
      expect((await t.json(viewer, 'GET', `${SHOP}?orderId=1`)).status).toBe(200);
      expect((await t.json(viewer, 'GET', `${SHOP}?orderId=1&isPrint=1`)).status).toBe(401);
    });

    it('needs a session', async () => {
      const res = await t.call({ method: 'GET', url: `${SHOP}?orderId=1` });
      expect(res.json().result.code).toBe('W0005');
    });
  });

  describe(`GET ${OBTAIN}/{id}`, () => {
    /** The first seeded requisition in a status (schemas/seed/obtainOrder.json). */
    const obtainWithStatus = async (status: number) =>
      (
        await t.database.db
          .selectFrom('dpObtainOutOrder')
          .select('id')
          .where('status', '=', status)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;

    it('answers an approved department requisition with lines, what was issued and totals', async () => {
      const id = await obtainWithStatus(1);
      const { status, body } = await t.json(md, 'GET', `${OBTAIN}/${id}`);
      expect(status).toBe(200);
      const order = body.data;
      expect(order).toMatchObject({ id, status: 1 });
      expect(order.orderCode).toMatch(/^LY\d{14}$/);
      expect(order.obtainDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(order.stockUserName).toBeTruthy();
      for (const key of ['warehouseName', 'departmentName', 'obtainName']) expect(order[key]).toBeTruthy();
      const { rows } = await sql<{ n: number; amount: string }>`
        select count(*)::int as n, sum(pick_amount) as amount from dp_obtain_out_order_item where order_id = ${id}`.execute(
        t.database.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(order.items).toHaveLength(rows[0]!.n);
      expect(order.totalPickAmount).toBeCloseTo(Number(rows[0]!.amount), 2);
      for (const item of order.items) {
        // The approval issued what was asked, at cost.
        expect(item.pickQuantity).toBeCloseTo(item.quantity, 3);
        expect(item.pickAmount).toBeCloseTo(item.price * item.pickQuantity, 2);
      }
    });

    it('a requisition not yet approved prints without issued quantities', async () => {
      const id = await obtainWithStatus(0);
      const order = (await t.json(md, 'GET', `${OBTAIN}/${id}`)).body.data;
      expect(order).toMatchObject({ id, status: 0 });
      expect(order.items.length).toBeGreaterThan(0);
      for (const item of order.items) expect(item.pickQuantity ?? 0).toBe(0);
    });

    it('an unknown id is a 404 with the Chinese message; a bad id a 400', async () => {
      const missing = await t.json(hq, 'GET', `${OBTAIN}/999999`);
      expect(missing.status).toBe(404);
      expect(missing.body.result).toMatchObject({ code: 'E0404', msg: '部门领用单不存在' });
      const bad = await t.json(hq, 'GET', `${OBTAIN}/x1`);
      expect(bad.body.result).toMatchObject({ code: 'E0400', msg: '领用单ID必须是正整数' });
    });

    it('is refused without the requisition page or its print code', async () => {
      expect((await t.json(wh, 'GET', `${OBTAIN}/1`)).status).toBe(401);
      const printer = await userWith('e00011', ['obtainOrder:print']);
      expect((await t.json(printer, 'GET', `${OBTAIN}/1`)).status).toBe(200);
    });
  });

  describe(`POST ${TRANSFER}/{orderCode}`, () => {
    const firstWithStatus = async (status: number) =>
      (
        await t.database.db
          .selectFrom('transferApply')
          .select(['id', 'orderCode'])
          .where('status', '=', status)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).orderCode;

    it('answers the requisition with its lines and counts every print', async () => {
      const code = await firstWithStatus(20);
      const first = await t.json(wh, 'POST', `${TRANSFER}/${code}`);
      expect(first.status).toBe(200);
      const doc = first.body.data;
      expect(doc).toMatchObject({ orderCode: code, status: 20, printCount: 1, printName: '王仓管' });
      for (const key of ['companyName', 'warehouseOutName', 'warehouseInName', 'auditorName']) {
        expect(doc[key]).toBeTruthy();
      }
      expect(doc.produceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.itemList.length).toBeGreaterThan(0);
      const total = doc.itemList.reduce(
        (s: number, i: { expectQuantity: number }) => s + i.expectQuantity,
        0,
      );
      expect(doc.totalExpectQuantity).toBeCloseTo(total, 3);
      const again = await t.json(hq, 'POST', `${TRANSFER}/${code}`);
      expect(again.body.data).toMatchObject({ printCount: 2, printName: '张总部' });
    });

    it('refuses a cancelled requisition, an unknown code and a malformed one in Chinese', async () => {
      const cancelled = await t.json(hq, 'POST', `${TRANSFER}/${await firstWithStatus(0)}`);
      expect(cancelled.status).toBe(409);
      expect(cancelled.body.result).toMatchObject({ code: 'E0409', msg: '调拨单已取消，不能打印' });
      const missing = await t.json(hq, 'POST', `${TRANSFER}/DB20990101000001`);
      expect(missing.status).toBe(404);
      expect(missing.body.result).toMatchObject({ code: 'E0404', msg: '调拨单不存在' });
      const bad = await t.json(hq, 'POST', `${TRANSFER}/${encodeURIComponent("DB1' or 1=1")}`);
      expect(bad.body.result).toMatchObject({ code: 'E0400', msg: '调拨单号格式不正确' });
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from print_log where doc_code like 'DB2099%'`.execute(t.database.db);
      expect(rows[0]!.n).toBe(0);
    });

    it('needs transfer:print', async () => {
      const denied = await t.json(md, 'POST', `${TRANSFER}/${await firstWithStatus(20)}`);
      expect(denied.status).toBe(401);
      expect(denied.body.result.code).toBe('E0401');
    });
  });
});
