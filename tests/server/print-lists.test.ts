import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith as withRole } from './resource-helpers';

// Issue 8 point 4: the list pages that lead to the print pages (schemas/resources: receiveOrder,
// putawayItem, replenishment, shopAppOrder, obtainOrder), on the seeded rows of migration 005 and
// of schemas/seed (receipts, putaway tasks and replenishment orders).
const RECEIVE_LIST = '/gateApi/storageAdmin/receiveOrder/web/findReceiveOrderByPage';
const RECEIVE_GET = '/gateApi/storageAdmin/receiveOrder/web/findReceiveOrderAndItemById';
const PUTAWAY_LIST = '/gateApi/storageAdmin/putaway/web/findPutawayItemByPage';
const REPLENISH_LIST = '/gateApi/storageAdmin/replenishment/web/findReplenishmentByPage';
const WAIT_DELIVER_LIST = '/api/v1/shop/findWaitDeliverOrderByPage';
const OBTAIN_LIST = '/gateApi/storageAdmin/DpObtainOutOrder/web/findDpObtainOutOrderByPage';

type Row = Record<string, unknown>;

describe('print list endpoints', () => {
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

  describe('receipts', () => {
    it('pages receipts newest first with the referOrder fields of SPEC 3', async () => {
      const { status, body } = await t.json(wh, 'POST', RECEIVE_LIST, { pageSize: 50 });
      expect(status).toBe(200);
      // The confirmed purchase receipts of wh001's warehouse (杭州中心大仓, 21): drafts and voided ones
      // are no receipts of goods yet, another warehouse's are not his.
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from purchase_receipt where status = 10 and warehouse_id = 21`.execute(
        t.database.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(body.data.total).toBe(rows[0]!.n);
      const first = body.data.list[0] as Row;
      expect(first.receiveCode).toMatch(/^SH\d{14}$/);
      expect(first.purchaseCode).toMatch(/^CG\d{12}$/);
      expect(first.receiveTime).toEqual(expect.any(String));
      for (const k of ['warehouseName', 'supplierName', 'createName'])
        expect(first[k]).toEqual(expect.any(String));
      expect(typeof first.totalQuantity).toBe('number');
      const times = (body.data.list as Row[]).map((r) => Date.parse(String(r.createTime)));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('filters by contained code and gets one receipt with its lines (commodityList)', async () => {
      const page = await t.json(wh, 'POST', RECEIVE_LIST, { pageSize: 1 });
      const code = String(page.body.data.list[0].receiveCode);
      const found = await t.json(wh, 'POST', RECEIVE_LIST, { receiveCode: code.slice(-8) });
      expect(found.body.data.list.map((r: Row) => r.receiveCode)).toEqual([code]);
      const { status, body } = await t.json(wh, 'GET', `${RECEIVE_GET}/${page.body.data.list[0].id}`);
      expect(status).toBe(200);
      const lines = body.data.commodityList as Row[];
      expect(lines.length).toBe(body.data.lineCount);
      expect(lines[0]).toMatchObject({
        lineNo: 1,
        realQuantity: expect.any(Number),
        numberUnit: expect.any(String),
      });
      expect(lines[0]!.productionTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(lines[0]!.expirationTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('refuses a store manager (no /dacang page) and an unknown filter', async () => {
      const refused = await t.json(md, 'POST', RECEIVE_LIST, {});
      expect([refused.status, refused.body.result.code]).toEqual([401, 'E0401']);
      const bad = await t.json(wh, 'POST', RECEIVE_LIST, { createName: '周伟' });
      expect([bad.status, bad.body.result.msg]).toEqual([400, '不支持的字段：createName']);
    });
  });

  describe('putaway goods', () => {
    it('lists goods not yet shelved, and all goods of one receipt by its code', async () => {
      const waiting = await t.json(wh, 'POST', PUTAWAY_LIST, { upStatus: false, pageSize: 500 });
      expect(waiting.status).toBe(200);
      const rows = waiting.body.data.list as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.upStatus === false)).toBe(true);
      const code = String(rows[0]!.receiveCode);
      const receipt = await t.json(wh, 'POST', PUTAWAY_LIST, { receiveCode: code, pageSize: 500 });
      const goods = receipt.body.data.list as Row[];
      expect(goods.every((r) => r.receiveCode === code)).toBe(true);
      const { rows: lines } = await sql<{ id: number }>`
        select i.id from putaway_task_item i join putaway_task p on p.id = i.putaway_id
        where p.receive_code = ${code} and p.status <> 90`.execute(t.database.db);
      // The goods on the putaway list are the lines of the receipt's putaway tasks (voided ones left out).
      expect(goods.length).toBe(lines.length);
      const shelved = await t.json(wh, 'POST', PUTAWAY_LIST, { upStatus: true, pageSize: 500 });
      expect(shelved.body.data.total).toBeGreaterThan(0);
      expect(goods[0]).toMatchObject({
        commodityCode: expect.any(String),
        commodityName: expect.any(String),
        commodityUnit: expect.any(String),
      });
    });

    it('refuses a user without the page: 401 E0401', async () => {
      const refused = await t.json(md, 'POST', PUTAWAY_LIST, {});
      expect([refused.status, refused.body.result.msg]).toEqual([401, '您未开通权限，请联系管理人员']);
    });
  });

  describe('replenishment rows', () => {
    it('filters by status: done rows (2) carry their real quantity, open ones none', async () => {
      const done = await t.json(wh, 'POST', REPLENISH_LIST, { status: [2], pageSize: 500 });
      const doneRows = done.body.data.list as Row[];
      expect(doneRows.length).toBeGreaterThan(0);
      expect(doneRows.every((r) => r.status === 2 && typeof r.realReplenishmentQuantity === 'number')).toBe(
        true,
      );
      const open = await t.json(wh, 'POST', REPLENISH_LIST, { status: [0, 1], pageSize: 500 });
      const openRows = open.body.data.list as Row[];
      expect(openRows.length).toBeGreaterThan(0);
      expect(openRows.every((r) => r.status !== 2 && r.realReplenishmentQuantity === null)).toBe(true);
      expect(done.body.data.total + open.body.data.total).toBe(
        (await t.json(wh, 'POST', REPLENISH_LIST, {})).body.data.total,
      );
    });

    it('finds the rows of one task by its code; sorts only by allow-listed fields', async () => {
      const first = (await t.json(wh, 'POST', REPLENISH_LIST, { pageSize: 1 })).body.data.list[0] as Row;
      const code = String(first.replenishmentCode);
      const task = await t.json(wh, 'POST', REPLENISH_LIST, { replenishmentCode: code });
      const rows = task.body.data.list as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.replenishmentCode === code && r.realName === first.realName)).toBe(true);
      const bad = await t.json(wh, 'POST', REPLENISH_LIST, {
        sort: [{ field: 'realName', order: 'ascend' }],
      });
      expect([bad.status, bad.body.result.msg]).toEqual([400, '不支持按该字段排序']);
    });

    it('a done row (2) is read-only: completing it again is refused (tests/server/replenishment.test.ts)', async () => {
      const done = (await t.json(wh, 'POST', REPLENISH_LIST, { status: [2], pageSize: 1 })).body.data
        .list as Row[];
      const res = await t.json(
        wh,
        'POST',
        `/gateApi/storageAdmin/replenishment/web/finish/${String(done[0]!.id)}`,
        { realReplenishmentQuantity: 1 },
      );
      expect(res.status).toBe(409);
    });
  });

  describe('pending-delivery shop-app orders', () => {
    it('headquarters sees every store’s orders awaiting delivery (order status 4) and nothing else', async () => {
      const { status, body } = await t.json(hq, 'POST', WAIT_DELIVER_LIST, { pageSize: 500 });
      expect(status).toBe(200);
      const rows = body.data.list as Row[];
      const expected = await t.database.db
        .selectFrom('cloudOrder')
        .select('id')
        .where('orderStatus', '=', 4)
        .execute();
      expect(body.data.total).toBe(expected.length);
      expect(rows.every((r) => r.orderStatus === 4)).toBe(true);
      expect(new Set(rows.map((r) => r.shopId)).size).toBeGreaterThan(1);
      // SPEC 3 lists no phone for the order: the list does not show it.
      expect(rows[0]).not.toHaveProperty('receivePhone');
    });

    it('a store manager sees only the orders of his store (11), also when filtering by another store', async () => {
      const own = await t.json(md, 'POST', WAIT_DELIVER_LIST, { pageSize: 500 });
      const rows = own.body.data.list as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.shopId === 11 && r.orderStatus === 4)).toBe(true);
      const other = await t.json(md, 'POST', WAIT_DELIVER_LIST, { storeName: '上海徐汇店' });
      expect(other.body.data.total).toBe(0);
    });

    it('refuses a filter on the order status (fixed by the endpoint) and a warehouse user', async () => {
      const bad = await t.json(hq, 'POST', WAIT_DELIVER_LIST, { orderStatus: 6 });
      expect([bad.status, bad.body.result.msg]).toEqual([400, '不支持的字段：orderStatus']);
      const refused = await t.json(wh, 'POST', WAIT_DELIVER_LIST, {});
      expect([refused.status, refused.body.result.code]).toEqual([401, 'E0401']);
    });

    it('the print button alone does not open the list: the page is needed', async () => {
      const printer = await userWith('e00021', ['shopOrder:print']);
      const res = await t.json(printer, 'POST', WAIT_DELIVER_LIST, {});
      expect([res.status, res.body.result.code]).toEqual([401, 'E0401']);
    });
  });

  describe('department requisitions', () => {
    it('lists requisitions with their approval status, filtered by status and department', async () => {
      const { status, body } = await t.json(md, 'POST', OBTAIN_LIST, { status: [1], pageSize: 100 });
      expect(status).toBe(200);
      const rows = body.data.list as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === 1)).toBe(true);
      expect(rows[0]!.orderCode).toMatch(/^LY\d{14}$/);
      expect(rows[0]!.obtainDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const dept = String(rows[0]!.departmentName);
      const byDept = await t.json(md, 'POST', OBTAIN_LIST, { departmentName: dept, pageSize: 100 });
      expect((byDept.body.data.list as Row[]).every((r) => r.departmentName === dept)).toBe(true);
    });

    it('refuses users without the page (wh001, a holder of the print button only)', async () => {
      const refused = await t.json(wh, 'POST', OBTAIN_LIST, {});
      expect([refused.status, refused.body.result.code]).toEqual([401, 'E0401']);
      const printer = await userWith('e00022', ['obtainOrder:print']);
      const res = await t.json(printer, 'POST', OBTAIN_LIST, {});
      expect([res.status, res.body.result.code]).toEqual([401, 'E0401']);
    });
  });
});
