import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import { TRANSFER_LIST } from './resource-helpers';

const TRANSFER = '/gateApi/storageAdmin/transferApply/web';

// Resource engine writes: validation with the schema's Chinese messages, constraints, child lines,
// relations, and an audit row per write that never holds a password.
describe('resource writes', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const newUser = (over: Record<string, unknown> = {}) => ({
    account: 'n00001',
    password: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2027'),
    realName: '新员工',
    phone: '13912345678',
    orgId: 11,
    ...over,
  });

  // The writes that happened: refused calls are in the log too, as failures (result 0).
  const auditRows = (entity: string, entityId: string) =>
    t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', entity)
      .where('entityId', '=', entityId)
      .where('result', '=', 1)
      .orderBy('id')
      .execute();

  it('refuses invalid input with the Chinese message of the schema', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: undefined }, '请输入姓名'],
      [{ account: undefined }, '请输入账号'],
      [{ phone: '23800000001' }, '请输入正确的手机号'],
      [{ account: 'abcdefghijkl' }, '长度在 1 到 11 个字符'],
      [{ account: 'a b' }, '账号只能包含字母、数字和下划线'],
      [{ email: 'not-an-email' }, '请输入正确的邮箱'],
      [{ orgId: 'x' }, '所属机构必须是整数'],
      [{ status: 0 }, '不支持的字段：status'],
    ];
    for (const [over, msg] of cases) {
      const body = newUser(over);
      for (const k of Object.keys(over))
        if (over[k] === undefined) delete (body as Record<string, unknown>)[k];
      const res = await t.json(hq, 'POST', '/api/manage/user', body);
      expect({ over, status: res.status, msg: res.body.result.msg }).toEqual({ over, status: 400, msg });
    }
  });

  it('checks the password policy after decryption, and an unknown organisation', async () => {
    const weak = await t.json(
      hq,
      'POST',
      '/api/manage/user',
      newUser({ password: encryptForLogin(t.keys.publicKeyPem, 'abcdefgh') }),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.result.msg).toContain('至少两种');
    const short = await t.json(
      hq,
      'POST',
      '/api/manage/user',
      newUser({ password: encryptForLogin(t.keys.publicKeyPem, 'a1') }),
    );
    expect(short.body.result.msg).toBe('长度在 8 到 16 个字符');
    const plain = await t.json(hq, 'POST', '/api/manage/user', newUser({ password: 'Fresh#2027' }));
    expect(plain.body.result.msg).toBe('密码解密失败，请刷新页面后重试');
    const org = await t.json(hq, 'POST', '/api/manage/user', newUser({ orgId: 999 }));
    expect(org.body.result.msg).toBe('所属机构不存在');
  });

  it('creates, reads, updates and deletes a user; the new account can sign in; audit rows hold no password', async () => {
    const created = await t.json(hq, 'POST', '/api/manage/user', newUser());
    expect(created.status).toBe(200);
    const user = created.body.data;
    expect(user).toMatchObject({ account: 'n00001', realName: '新员工', status: 1, orgName: '杭州文三路店' });
    expect(user).not.toHaveProperty('password');
    await expect(t.login('n00001', 'Fresh#2027')).resolves.toMatch(/^[0-9a-f]{64}$/);

    const dup = await t.json(hq, 'POST', '/api/manage/user', newUser({ phone: null }));
    expect(dup.status).toBe(409);
    expect(dup.body.result).toMatchObject({ code: 'E0409', msg: '该账号已存在' });
    const samePhone = await t.json(
      hq,
      'POST',
      '/api/manage/user',
      newUser({ account: 'n00002', phone: '13800000002' }),
    );
    expect(samePhone.body.result.msg).toBe('该手机号已被其他账号绑定');

    const got = await t.json(hq, 'GET', `/api/manage/user/${user.id}`);
    expect(got.body.data.account).toBe('n00001');
    const updated = await t.json(hq, 'PUT', `/api/manage/user/${user.id}`, {
      realName: '老员工',
      city: '宁波',
    });
    expect(updated.body.data).toMatchObject({ realName: '老员工', city: '宁波', account: 'n00001' });
    const immutable = await t.json(hq, 'PUT', `/api/manage/user/${user.id}`, { account: 'other' });
    expect(immutable.status).toBe(400);
    expect(immutable.body.result.msg).toBe('不支持的字段：account');

    const removed = await t.json(hq, 'DELETE', `/api/manage/user/${user.id}`);
    expect(removed.body.result.success).toBe(true);
    expect((await t.json(hq, 'GET', `/api/manage/user/${user.id}`)).status).toBe(404);

    const rows = await auditRows('user', String(user.id));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    const hqId = (
      await t.database.db
        .selectFrom('appUser')
        .select('id')
        .where('account', '=', 'hq001')
        .executeTakeFirstOrThrow()
    ).id;
    expect(rows.every((r) => r.userId === hqId && r.requestId)).toBe(true);
    expect((rows[1]!.before as { realName: string }).realName).toBe('新员工');
    expect((rows[1]!.after as { realName: string }).realName).toBe('老员工');
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|scrypt|Fresh#2027/i);
  });

  it('a user cannot delete their own account', async () => {
    const me = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'hq001')
      .executeTakeFirstOrThrow();
    const res = await t.json(hq, 'DELETE', `/api/manage/user/${me.id}`);
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toBe('不能删除当前登录的账号');
  });

  it('assigns roles: GET and POST api/manage/user/role/{id}, only active roles', async () => {
    const wh = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'wh001')
      .executeTakeFirstOrThrow();
    const roles = new Map(
      (await t.database.db.selectFrom('role').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
    );
    const before = await t.json(hq, 'GET', `/api/manage/user/role/${wh.id}`);
    expect(before.body.data.list.map((r: { code: string }) => r.code)).toEqual(['WAREHOUSE_STAFF']);
    const ids = [roles.get('WAREHOUSE_STAFF')!, roles.get('FINANCE')!];
    const set = await t.json(hq, 'POST', `/api/manage/user/role/${wh.id}`, { ids });
    expect(set.body.data.ids).toEqual([...ids].sort((a, b) => a - b));
    const retired = await t.json(hq, 'POST', `/api/manage/user/role/${wh.id}`, {
      ids: [roles.get('RETIRED_ROLE')!],
    });
    expect(retired.status).toBe(400);
    expect(retired.body.result.msg).toBe('所选角色不存在或已停用');
    const audit = await auditRows('user', String(wh.id));
    expect(audit.at(-1)).toMatchObject({
      action: 'relation:roles',
      after: { ids: [...ids].sort((a, b) => a - b) },
    });
  });

  it('creates a transfer application with lines; code and applicant are stamped by the server', async () => {
    const payload = {
      companyName: '鲜丰集团华东公司',
      produceDate: '2026-03-02',
      warehouseOutId: 21,
      warehouseInId: 22,
      deadlineOutTime: '2026-03-03 18:00',
      itemList: [
        { commodityCode: '100001', expectQuantity: 12.5 },
        { commodityCode: '100002', expectQuantity: 3 },
      ],
    };
    const res = await t.json(hq, 'POST', `${TRANSFER}/add`, payload);
    expect(res.status).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({
      status: 10,
      createName: '张总部',
      produceDate: '2026-03-02',
      warehouseOutName: '杭州中心大仓',
      warehouseInName: '广州中心大仓',
    });
    expect(row.orderCode).toMatch(new RegExp(`^DB\\d{8}${String(row.id).padStart(6, '0')}$`));
    expect(row.deadlineOutTime).toBe('2026-03-03T10:00:00.000Z');
    expect(
      row.itemList.map((i: { lineNo: number; expectQuantity: number }) => [i.lineNo, i.expectQuantity]),
    ).toEqual([
      [1, 12.5],
      [2, 3],
    ]);
    const listed = await t.json(hq, 'POST', TRANSFER_LIST, { orderCode: row.orderCode });
    expect(listed.body.data.total).toBe(1);

    const edit = await t.json(hq, 'POST', `${TRANSFER}/update`, {
      id: row.id,
      remark: '加急',
      itemList: [{ commodityCode: '100003', expectQuantity: 1.25 }],
    });
    expect(edit.body.data.remark).toBe('加急');
    expect(edit.body.data.itemList).toHaveLength(1);
    const audit = await auditRows('transferApply', String(row.id));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect((audit[1]!.before as { itemList: unknown[] }).itemList).toHaveLength(2);
  });

  it('validates lines with the named validators: quantity with at most 3 decimals, lines required', async () => {
    const base = {
      companyName: '公司',
      produceDate: '2026-03-02',
      warehouseOutId: 21,
      warehouseInId: 22,
    };
    const line = { commodityCode: '100001' };
    const noLines = await t.json(hq, 'POST', `${TRANSFER}/add`, base);
    expect(noLines.body.result.msg).toBe('请添加调拨商品');
    const tooPrecise = await t.json(hq, 'POST', `${TRANSFER}/add`, {
      ...base,
      itemList: [{ ...line, expectQuantity: 1.2345 }],
    });
    expect(tooPrecise.body.result.msg).toBe('请输入正确的数量，最多保留三位小数');
    const zero = await t.json(hq, 'POST', `${TRANSFER}/add`, {
      ...base,
      itemList: [{ ...line, expectQuantity: 0 }],
    });
    expect(zero.body.result.msg).toBe('申请数量必须大于0');
    const badDate = await t.json(hq, 'POST', `${TRANSFER}/add`, {
      ...base,
      produceDate: '2026-02-30',
      itemList: [{ ...line, expectQuantity: 1 }],
    });
    expect(badDate.body.result.msg).toBe('请选择正确的申请日期');
    const missing = await t.json(hq, 'POST', `${TRANSFER}/add`, {
      ...base,
      warehouseInId: undefined,
      itemList: [{ ...line, expectQuantity: 1 }],
    });
    expect(missing.body.result.msg).toBe('请选择调入仓');
  });

  it('refuses editing a transfer application outside its editable states: 409', async () => {
    const done = await t.json(hq, 'POST', TRANSFER_LIST, { status: [40], pageSize: 1 });
    const row = done.body.data.list[0];
    const res = await t.json(hq, 'POST', `${TRANSFER}/update`, { id: row.id, remark: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toBe(`调拨申请【${row.orderCode}】当前状态为“已完成”，不能编辑`);
  });

  it('roles: insertRole, selectRoleDetail (key in the query), updateRole (key in the body), unique code', async () => {
    const created = await t.json(hq, 'POST', '/api/v1/smm/role/insertRole', {
      code: 'PICKER',
      name: '拣货员',
      orgAttributeName: '大仓',
    });
    expect(created.body.data).toMatchObject({ code: 'PICKER', status: 1 });
    const id = created.body.data.id;
    const detail = await t.json(hq, 'GET', `/api/v1/smm/role/selectRoleDetail?id=${id}`);
    expect(detail.body.data.name).toBe('拣货员');
    const updated = await t.json(hq, 'POST', '/api/v1/smm/role/updateRole', { id, name: '拣货组长' });
    expect(updated.body.data).toMatchObject({ id, name: '拣货组长', code: 'PICKER' });
    const noId = await t.json(hq, 'POST', '/api/v1/smm/role/updateRole', { name: 'x' });
    expect(noId.body.result.msg).toBe('请输入角色ID');
    const dup = await t.json(hq, 'POST', '/api/v1/smm/role/insertRole', {
      code: 'PICKER',
      name: '重复',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.result.msg).toBe('该角色编码已存在');
    const badCode = await t.json(hq, 'POST', '/api/v1/smm/role/insertRole', {
      code: 'picker',
      name: '小写',
    });
    expect(badCode.body.result.msg).toBe('角色编码只能包含大写字母、数字和下划线，且以字母开头');
  });

  it('checks the action permission: md001 cannot create users', async () => {
    const md = await t.login('md001');
    const res = await t.json(md, 'POST', '/api/manage/user', newUser({ account: 'n00009' }));
    expect(res.status).toBe(401);
    expect(res.body.result.code).toBe('E0401');
  });
});
