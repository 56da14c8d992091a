import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

/**
 * Issue 20 points 1–3: online users and forced logout, the operation log (engine and hand-written
 * writes, failures, no secrets), the login log, the data dictionary; each permission-gated.
 */
let t: TestApp;
let admin: string;

const ONLINE = '/api/v1/smm/onlineUser/list';
const OPLOG = '/api/v1/smm/operationLog/list';
const LOGINLOG = '/api/v1/smm/loginLog/list';
const DICT = '/api/v1/common/dictionary/list';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('hq001');
});
afterAll(async () => t?.close());

async function loginRaw(account: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': 'Mozilla/5.0 Test' },
    payload: {
      accountType: 1,
      account,
      password: encryptForLogin(t.keys.publicKeyPem, password),
      encryptModel: 2,
      ...extra,
    },
  });
  return res.json() as { result: { success: boolean; code: string; msg: string }; data: { token: string } };
}

describe('online users (20.1)', () => {
  it('lists signed-in sessions with the client of the sign-in, searchable by account', async () => {
    const login = await loginRaw('md001', 'Fresh#2026', {
      browserName: 'Chrome 131',
      deviceSystemName: 'Windows 10',
    });
    expect(login.result.success).toBe(true);
    const { body } = await t.json(admin, 'GET', `${ONLINE}?account=md001`);
    expect(body.result.success).toBe(true);
    expect(body.data.total).toBe(1);
    const row = body.data.list[0];
    expect(row).toMatchObject({ account: 'md001', browser: 'Chrome 131', device: 'Windows 10', state: 1 });
    expect(row.realName).toBeTruthy();
    expect(row.ip).toBeTruthy();
    expect(row.createdAt).toBeTruthy();
    expect(row.lastSeenAt).toBeTruthy();
  });

  it('forced logout ends the session: its next call answers W0005 and it leaves the list; the kick is logged', async () => {
    const md = await t.login('md001');
    expect((await t.json(md, 'POST', '/api/v1/auth/userInfo', {})).body.result.success).toBe(true);
    const listed = await t.json(admin, 'GET', `${ONLINE}?account=md001`);
    const id = listed.body.data.list[0].id as number;
    const kick = await t.json(admin, 'POST', `/api/v1/smm/onlineUser/forceLogout/${id}`, {});
    expect(kick.body.result.success).toBe(true);
    const next = await t.json(md, 'POST', '/api/v1/auth/userInfo', {});
    expect(next.body.result).toMatchObject({
      success: false,
      code: 'W0005',
      msg: '身份信息已过期，请重新登录',
    });
    expect((await t.json(admin, 'GET', `${ONLINE}?account=md001`)).body.data.total).toBe(0);
    const log = await t.json(admin, 'GET', `${OPLOG}?entity=onlineSession&entityId=${id}`);
    expect(log.body.data.list[0]).toMatchObject({
      action: 'transition:forceLogout',
      result: 1,
      title: '在线用户',
      account: 'hq001',
    });
    expect(log.body.data.list[0].ip).toBeTruthy();
  });

  it('forces several sessions out at once', async () => {
    const a = await t.login('md001');
    const b = await t.login('wh001');
    const rows = (await t.json(admin, 'GET', `${ONLINE}?pageSize=100`)).body.data.list as {
      id: number;
      account: string;
    }[];
    const ids = rows.filter((r) => r.account === 'md001' || r.account === 'wh001').map((r) => r.id);
    expect(ids).toHaveLength(2);
    const res = await t.json(admin, 'POST', '/api/v1/smm/onlineUser/batch/forceLogout', { ids });
    expect(res.body.result.success).toBe(true);
    for (const token of [a, b]) {
      expect((await t.json(token, 'POST', '/api/v1/auth/userInfo', {})).body.result.code).toBe('W0005');
    }
  });

  it('is refused without the page, and forcing out without the button code', async () => {
    const viewer = await userWith(t, 'md001', ['/admin/system/onlineUserList']);
    expect((await t.json(viewer, 'GET', ONLINE)).body.result.success).toBe(true);
    const id = (await t.json(viewer, 'GET', `${ONLINE}?account=hq001`)).body.data.list[0].id;
    const kick = await t.json(viewer, 'POST', `/api/v1/smm/onlineUser/forceLogout/${id}`, {});
    expect(kick.status).toBe(401);
    expect(kick.body.result.code).toBe('E0401');
    const nobody = await userWith(t, 'wh001', ['/admin/system/userList']);
    for (const url of [ONLINE, OPLOG, LOGINLOG, DICT]) {
      const res = await t.json(nobody, url === DICT ? 'POST' : 'GET', url, url === DICT ? {} : undefined);
      expect(res.body.result).toMatchObject({
        success: false,
        code: 'E0401',
        msg: '您未开通权限，请联系管理人员',
      });
    }
    // A failed write is logged too, with its code.
    const failed = await t.json(admin, 'GET', `${OPLOG}?entity=onlineSession&result=0`);
    expect(failed.body.data.list[0]).toMatchObject({ account: 'md001', result: 0, errorCode: 'E0401' });
  });
});

describe('operation log (20.2)', () => {
  it('records an engine write with the changed fields and without any secret', async () => {
    const password = 'Secret#778';
    const created = await t.json(admin, 'POST', '/api/manage/user', {
      account: 'oplog01',
      password: encryptForLogin(t.keys.publicKeyPem, password),
      realName: '日志测试',
    });
    expect(created.body.result.success).toBe(true);
    const id = created.body.data.id ?? created.body.data;
    const upd = await t.json(admin, 'PUT', `/api/manage/user/${id}`, { realName: '日志测试二' });
    expect(upd.body.result.success).toBe(true);
    const { body } = await t.json(admin, 'GET', `${OPLOG}?entity=user&entityId=${id}&sort=`);
    const rows = body.data.list as Record<string, unknown>[];
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
    const update = rows.find((r) => r.action === 'update')!;
    expect(JSON.parse(update.changes as string)).toMatchObject({ realName: ['日志测试', '日志测试二'] });
    expect(update).toMatchObject({ title: '用户', result: 1, account: 'hq001' });
    expect(update.orgName).toBeTruthy();
    const raw = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', String(id))
      .execute();
    const text = JSON.stringify(raw);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain(password);
    expect(text).not.toContain('scrypt');
  });

  it('records hand-written writes: one that keeps its own images and one that does not, and a failure', async () => {
    const md = await t.login('md001');
    const read = await t.json(md, 'PUT', '/api/v1/msg/im/message/updateImMessageIsRead', {});
    expect(read.body.result.success).toBe(true);
    const wrong = await t.json(md, 'POST', '/api/v1/smm/user/editPassword', {
      oldPwd: encryptForLogin(t.keys.publicKeyPem, 'Wrong#2026'),
      newPwd: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2099'),
      encryptModel: 2,
    });
    expect(wrong.body.result.success).toBe(false);
    const changed = await t.json(md, 'POST', '/api/v1/smm/user/editPassword', {
      oldPwd: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'),
      newPwd: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2099'),
      encryptModel: 2,
    });
    expect(changed.body.result.success).toBe(true);
    const { body } = await t.json(admin, 'GET', `${OPLOG}?account=md001&pageSize=50`);
    const rows = body.data.list as Record<string, unknown>[];
    expect(
      rows.some((r) => r.entity === '/api/v1/msg/im/message/updateImMessageIsRead' && r.result === 1),
    ).toBe(true);
    const failure = rows.find((r) => r.entity === '/api/v1/smm/user/editPassword' && r.result === 0);
    expect(failure).toMatchObject({ errorCode: 'E0400', errorMsg: '旧密码错误' });
    const success = rows.find((r) => r.entity === 'app_user' && r.result === 1);
    expect(success?.ip).toBeTruthy();
    const all = JSON.stringify(await t.database.db.selectFrom('auditLog').selectAll().execute());
    expect(all).not.toContain('Fresh#2099');
    expect(all).not.toMatch(/"(old|new)Pwd"/);
  });

  it('does not log the reads a signed-in console sends by POST (organisations, menu, profile)', async () => {
    const tip = await t.login('tip001');
    for (const url of [
      '/api/v1/auth/subsystemList',
      '/api/v1/auth/orgList',
      '/api/v1/auth/navigation',
      '/api/v1/auth/userInfo',
      '/gateApi/user/smm/user/web/selectUserCenterInfo',
    ])
      expect((await t.json(tip, 'POST', url, {})).status, url).toBe(200);
    const { body } = await t.json(admin, 'GET', `${OPLOG}?account=tip001&pageSize=500`);
    const logged = (body.data.list as { entity: string }[]).map((r) => r.entity);
    // Choosing the organisation at sign-in changes the session: that one is an operation.
    expect(logged).toContain('/api/v1/auth/chooseStore');
    expect(logged.filter((e) => /subsystemList|orgList|navigation|userInfo|UserCenterInfo/.test(e))).toEqual(
      [],
    );
  });

  it('reads one entry and filters by result', async () => {
    const list = await t.json(admin, 'GET', `${OPLOG}?result=1`);
    const first = list.body.data.list[0];
    const one = await t.json(admin, 'GET', `/api/v1/smm/operationLog/${first.id}`);
    expect(one.body.data).toMatchObject({ id: first.id, result: 1 });
  });
});

describe('login log (20.2)', () => {
  it('records successes and failures with their reason, address and browser', async () => {
    const bad = await loginRaw('md001', 'Wrong#0000', { browserName: 'Firefox 133' });
    expect(bad.result.success).toBe(false);
    const good = await loginRaw('wh001', 'Fresh#2026');
    expect(good.result.success).toBe(true);
    const failures = await t.json(admin, 'GET', `${LOGINLOG}?account=md001&result=0`);
    expect(failures.body.data.list[0]).toMatchObject({
      account: 'md001',
      result: 0,
      reason: '账号或密码错误',
      errorCode: 'E0400',
      browser: 'Firefox 133',
      accountType: 1,
    });
    expect(failures.body.data.list[0].ip).toBeTruthy();
    const ok = await t.json(admin, 'GET', `${LOGINLOG}?account=wh001&result=1`);
    expect(ok.body.data.list[0]).toMatchObject({
      result: 1,
      reason: '登录成功',
      browser: 'Mozilla/5.0 Test',
    });
    expect(ok.body.data.list[0].realName).toBeTruthy();
  });

  it('records a locked account with the lockout message', async () => {
    for (let i = 0; i < 6; i++) await loginRaw('tip001', 'Wrong#0000');
    const rows = (await t.json(admin, 'GET', `${LOGINLOG}?account=tip001&reason=锁定`)).body.data.list;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ result: 0, errorCode: 'E0429' });
  });
});

describe('data dictionary (20.3)', () => {
  it('lists every item of every enumeration, searchable', async () => {
    // SPEC 7.9: POST /api/v1/common/dictionary/list, filters and paging in the body.
    const all = await t.json(admin, 'POST', DICT, { pageSize: 500 });
    expect(all.body.data.total).toBeGreaterThan(100);
    const found = await t.json(admin, 'POST', DICT, { keyword: '账号状态' });
    expect(found.body.data.list.map((r: { label: string }) => r.label).sort()).toEqual([
      '已停用',
      '已开通',
      '已离职',
    ]);
    expect(found.body.data.list[0]).toMatchObject({ enumName: 'userAccountStatus', enumTitle: '账号状态' });
    const byName = await t.json(admin, 'POST', DICT, { enumName: 'sessionState' });
    expect(byName.body.data.list.map((r: { itemValue: string }) => r.itemValue)).toEqual(['1', '0']);
  });
});
