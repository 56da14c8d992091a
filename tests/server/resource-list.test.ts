import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { PICK_LIST, ROLE_LIST, STOCK_OUT_LIST, TRANSFER_LIST, USER_LIST } from './resource-helpers';

// Resource engine lists (DESIGN.md 3, Lists): real seeded rows, allow-listed filters and sorting, paging.
describe('resource lists', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  it('pages pick orders newest first by default: {list,total,pageNo,pageSize}', async () => {
    const { status, body } = await t.json(hq, 'POST', PICK_LIST, { pageNo: 1, pageSize: 20 });
    expect(status).toBe(200);
    expect(body.result.success).toBe(true);
    expect(body.data.total).toBeGreaterThanOrEqual(600);
    expect(body.data.pageNo).toBe(1);
    expect(body.data.pageSize).toBe(20);
    expect(body.data.list).toHaveLength(20);
    const times = body.data.list.map((r: { createTime: string }) => Date.parse(r.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = body.data.list[0];
    expect(first.pickOrderCode).toMatch(/^JH\d{14}$/);
    expect(typeof first.totalQuantity).toBe('number');
    expect(first).not.toHaveProperty('itemList');
  });

  it('answers a 500-row page, and pages do not overlap', async () => {
    const a = await t.json(hq, 'POST', PICK_LIST, { pageNo: 1, pageSize: 500 });
    expect(a.body.data.list).toHaveLength(500);
    const b = await t.json(hq, 'POST', PICK_LIST, { pageNo: 2, pageSize: 500 });
    expect(b.body.data.list.length).toBe(a.body.data.total - 500);
    const ids = new Set([...a.body.data.list, ...b.body.data.list].map((r: { id: number }) => r.id));
    expect(ids.size).toBe(a.body.data.total);
  });

  it('a page beyond the total is empty but keeps the total', async () => {
    const { body } = await t.json(hq, 'POST', PICK_LIST, { pageNo: 99, pageSize: 500 });
    expect(body.data.list).toEqual([]);
    expect(body.data.total).toBeGreaterThanOrEqual(600);
  });

  it('filters by status list, contained code text and a China-time date range', async () => {
    const all = await t.json(hq, 'POST', PICK_LIST, { pageNo: 1, pageSize: 500, status: [40] });
    expect(all.body.data.total).toBeGreaterThan(100);
    expect(all.body.data.list.every((r: { status: number }) => r.status === 40)).toBe(true);

    const sample = all.body.data.list[3];
    const part = sample.pickOrderCode.slice(-6);
    const byCode = await t.json(hq, 'POST', PICK_LIST, { pickOrderCode: part });
    expect(byCode.body.data.list.map((r: { id: number }) => r.id)).toContain(sample.id);

    const day = new Date(Date.parse(sample.createTime) + 8 * 3600_000).toISOString().slice(0, 10);
    const byDay = await t.json(hq, 'POST', PICK_LIST, { pageSize: 100, createTime: [day, day] });
    expect(byDay.body.data.total).toBeGreaterThan(0);
    for (const r of byDay.body.data.list) {
      expect(new Date(Date.parse(r.createTime) + 8 * 3600_000).toISOString().slice(0, 10)).toBe(day);
    }
    expect(byDay.body.data.list.map((r: { id: number }) => r.id)).toContain(sample.id);
  });

  it('sorts by an allow-listed field in both directions', async () => {
    const asc = await t.json(hq, 'POST', PICK_LIST, {
      pageSize: 50,
      sort: [{ field: 'lineCount', order: 'ascend' }],
    });
    const counts = asc.body.data.list.map((r: { lineCount: number }) => r.lineCount);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    const desc = await t.json(hq, 'POST', PICK_LIST, {
      pageSize: 1,
      sort: [{ field: 'lineCount', order: 'descend' }],
    });
    expect(desc.body.data.list[0].lineCount).toBe(200);
  });

  it('refuses a sort on a field that is not allow-listed: 400, never SQL', async () => {
    const { status, body } = await t.json(hq, 'POST', PICK_LIST, {
      sort: [{ field: 'remark; drop table pick_order', order: 'ascend' }],
    });
    expect(status).toBe(400);
    expect(body.result).toEqual({ success: false, code: 'E0400', msg: '不支持按该字段排序' });
    const bad = await t.json(hq, 'POST', PICK_LIST, { sort: [{ field: 'remark', order: 'ascend' }] });
    expect(bad.status).toBe(400);
  });

  it('refuses an unknown filter and a page size above 500', async () => {
    const unknown = await t.json(hq, 'POST', PICK_LIST, { userName: '周伟' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.msg).toBe('不支持的字段：userName');
    const big = await t.json(hq, 'POST', PICK_LIST, { pageSize: 501 });
    expect(big.status).toBe(400);
    expect(big.body.result.msg).toBe('每页最多 500 条');
  });

  it('lists stock-out orders and transfer applications with their filters', async () => {
    const out = await t.json(hq, 'POST', STOCK_OUT_LIST, { pageSize: 100, outputType: [3] });
    expect(out.body.data.total).toBeGreaterThan(0);
    for (const r of out.body.data.list) {
      expect(r.outputType).toBe(3);
      expect(r.supplierName).toBeTruthy();
    }
    const all = await t.json(hq, 'POST', STOCK_OUT_LIST, {});
    expect(all.body.data.total).toBeGreaterThanOrEqual(600);

    const tr = await t.json(hq, 'POST', TRANSFER_LIST, { pageSize: 20, status: [10, 50] });
    expect(tr.body.data.total).toBeGreaterThan(0);
    for (const r of tr.body.data.list) expect([10, 50]).toContain(r.status);
    expect(tr.body.data.list[0].produceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 60 demo transfers from schemas/seed/transferApply.json, in every status.
    const everything = await t.json(hq, 'POST', TRANSFER_LIST, {});
    expect(everything.body.data.total).toBeGreaterThanOrEqual(60);
  });

  it('user list (GET): pageNo/pageSize default to 1 and 10; query filters and sort; no password', async () => {
    const { body } = await t.json(hq, 'GET', USER_LIST);
    expect(body.data.pageNo).toBe(1);
    expect(body.data.pageSize).toBe(10);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.total).toBeGreaterThan(200);
    for (const u of body.data.list) {
      expect(u).not.toHaveProperty('password');
      expect(u).not.toHaveProperty('passwordHash');
    }
    const md = await t.json(hq, 'GET', `${USER_LIST}?account=md0&status=1`);
    expect(md.body.data.list.map((u: { account: string }) => u.account)).toEqual(['md001']);
    expect(md.body.data.list[0].orgName).toBe('杭州文三路店');
    const sorted = await t.json(hq, 'GET', `${USER_LIST}?pageSize=5&sort=account.descend`);
    const accounts = sorted.body.data.list.map((u: { account: string }) => u.account);
    expect([...accounts].sort().reverse()).toEqual(accounts);
    const bad = await t.json(hq, 'GET', `${USER_LIST}?sort=passwordHash.ascend`);
    expect(bad.status).toBe(400);
    // A range in the query string: bounds joined by a comma, an open end left empty.
    const future = await t.json(hq, 'GET', `${USER_LIST}?createdAt=2999-01-01,`);
    expect(future.body.data.total).toBe(0);
    const past = await t.json(hq, 'GET', `${USER_LIST}?createdAt=,2999-01-01`);
    expect(past.body.data.total).toBe(body.data.total);
  });

  it('a POST list without a body answers the first page with the defaults', async () => {
    const res = await t.call({ method: 'POST', url: STOCK_OUT_LIST, token: hq });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pageNo: 1, pageSize: 20 });
  });

  it('role list and the role picker (active roles of an organisation attribute)', async () => {
    const { body } = await t.json(hq, 'POST', ROLE_LIST, { keyword: 'STORE' });
    expect(body.data.list.map((r: { code: string }) => r.code).sort()).toEqual([
      'STORE_CLERK',
      'STORE_MANAGER',
    ]);
    const picker = await t.json(hq, 'GET', '/api/v1/smm/role/selectRoleListByOrgId?orgId=11');
    const codes = picker.body.data.list.map((r: { code: string }) => r.code).sort();
    expect(codes).toEqual(['STORE_CLERK', 'STORE_MANAGER']);
    const everyActive = await t.json(hq, 'GET', '/api/v1/smm/role/selectRoleListByOrgId');
    expect(everyActive.body.data.list.map((r: { code: string }) => r.code)).not.toContain('RETIRED_ROLE');
  });

  it('gets a pick order with its 200 lines by code', async () => {
    const top = await t.json(hq, 'POST', PICK_LIST, {
      pageSize: 1,
      sort: [{ field: 'lineCount', order: 'descend' }],
    });
    const code = top.body.data.list[0].pickOrderCode;
    const { body } = await t.json(
      hq,
      'GET',
      `/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode/${code}`,
    );
    expect(body.data.pickOrderCode).toBe(code);
    expect(body.data.itemList).toHaveLength(200);
    expect(body.data.itemList.map((i: { lineNo: number }) => i.lineNo)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    const missing = await t.json(
      hq,
      'GET',
      '/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode/JH0',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.result.msg).toBe('拣货单不存在');
  });

  it('refuses a user without the page permission (md001 on pick orders): 401 E0401', async () => {
    const md = await t.login('md001');
    const { status, body } = await t.json(md, 'POST', PICK_LIST, {});
    expect(status).toBe(401);
    expect(body.result).toEqual({ success: false, code: 'E0401', msg: '您未开通权限，请联系管理人员' });
  });
});
