import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_TIME_PASSWORD_SPENT } from '../../server/routes/auth/sign-in';
import { LOCK_AFTER } from '../../server/services/lockout';
import { CHECK_MSG, RESET_PWD_TIPS } from '../../server/services/profile-checks';
import { passwordPolicyError } from '../../server/services/profile-password';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import { post } from './auth-helpers';
import { USER_LIST, userWith } from './resource-helpers';

const ACTION = (id: number, action: string) => `/api/manage/user/${id}/${action}`;
const ORG_INFO = (id: number) => `/api/manage/user/orgInfo/${id}`;
const PASSWORD = 'Fresh#2026';

// Issue 20 point 4 (SPEC 7.3 employee functions): unlock after lockout, reset password (a one-time
// password shown once or sent by SMS, forced change, sessions revoked), 离职 and 复职, organisation info.
describe('employee functions', () => {
  let t: TestApp;
  let hq: string;
  let viewer: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    // e00001 reads the user list and holds none of the new codes.
    viewer = await userWith(t, 'e00001', ['/admin/system/userList', 'user:status']);
    const rows = await t.database.db.selectFrom('appUser').select(['id', 'account']).execute();
    for (const r of rows) ids[r.account] = r.id;
  });
  afterAll(() => t.close());

  const enc = (plain: string) => encryptForLogin(t.keys.publicKeyPem, plain);
  const signIn = (account: string, password: string) =>
    post(t, '/api/v1/auth/login', { accountType: 1, account, password: enc(password), encryptModel: 2 });
  const refused = (res: { status: number; body: { result: { code: string } } }) => {
    expect(res.status).toBe(401);
    expect(res.body.result.code).toBe('E0401');
  };
  const auditText = async () =>
    JSON.stringify(await t.database.db.selectFrom('auditLog').selectAll().execute());

  describe('unlock', () => {
    it('needs user:unlock', async () => {
      refused(await t.json(viewer, 'POST', ACTION(ids.e00002!, 'unlock')));
    });

    it('lets an account locked by wrong passwords sign in again, and is in the operation log', async () => {
      for (let i = 0; i < LOCK_AFTER; i++) await signIn('e00002', 'Wrong#2026');
      const locked = await signIn('e00002', PASSWORD);
      expect(locked.body.result).toMatchObject({ success: false, code: 'E0429' });
      const res = await t.json(hq, 'POST', ACTION(ids.e00002!, 'unlock'));
      expect(res.body.result.success).toBe(true);
      expect(res.body.data.status).toBe(1);
      expect((await signIn('e00002', PASSWORD)).body.result.success).toBe(true);
      const row = await t.database.db
        .selectFrom('auditLog')
        .select(['action', 'entity', 'entityId', 'account', 'title'])
        .where('action', '=', 'transition:unlock')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        action: 'transition:unlock',
        entity: 'user',
        entityId: String(ids.e00002),
        account: 'hq001',
        title: '用户',
      });
    });
  });

  describe('reset password', () => {
    let secret = '';
    let firstToken = '';
    it('needs user:resetPassword', async () => {
      refused(await t.json(viewer, 'POST', ACTION(ids.e00003!, 'resetPassword')));
    });

    it('answers a one-time password once, meeting SPEC 5, and ends every session of the user', async () => {
      const old = await t.login('e00003');
      const key = 'reset-e00003-0001';
      const res = await t.call({
        method: 'POST',
        url: ACTION(ids.e00003!, 'resetPassword'),
        token: hq,
        headers: { 'idempotency-key': key },
        payload: {},
      });
      const body = res.json();
      expect(body.result.success).toBe(true);
      secret = body.data.oneTimeSecret.value;
      expect(body.data.oneTimeSecret.title).toBe('临时密码');
      expect(passwordPolicyError(secret)).toBeUndefined();
      expect(body.data).not.toHaveProperty('password');
      // A repeat of the same call is answered from the store: without the secret.
      const again = await t.call({
        method: 'POST',
        url: ACTION(ids.e00003!, 'resetPassword'),
        token: hq,
        headers: { 'idempotency-key': key },
        payload: {},
      });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.oneTimeSecret).toEqual({ title: '临时密码', notice: expect.any(String) });
      const stored = await sql<{ response: string }>`select response from idempotency_key`.execute(
        t.database.db,
      );
      expect(JSON.stringify(stored.rows)).not.toContain(secret);
      // The old session ends (W0005), the old password no longer signs in.
      expect((await post(t, '/api/v1/auth/navigation', {}, old)).body.result.code).toBe('W0005');
      expect((await signIn('e00003', PASSWORD)).body.result.success).toBe(false);
      // Only the scrypt hash is stored.
      const user = await t.database.db
        .selectFrom('appUser')
        .select('passwordHash')
        .where('id', '=', ids.e00003!)
        .executeTakeFirstOrThrow();
      expect(user.passwordHash).not.toContain(secret);
      expect(user.passwordHash).toMatch(/scrypt/);
    });

    it('never shows the one-time password in the operation log or the list answers', async () => {
      expect(await auditText()).not.toContain(secret);
      const ops = await t.json(hq, 'GET', '/api/v1/smm/operationLog/list?pageSize=50');
      expect(JSON.stringify(ops.body)).not.toContain(secret);
      expect(JSON.stringify(ops.body)).toContain('transition:resetPassword');
      const list = await t.json(hq, 'GET', `${USER_LIST}?account=e00003`);
      expect(list.body.data.list[0].account).toBe('e00003');
      expect(JSON.stringify(list.body)).not.toContain(secret);
      const one = await t.json(hq, 'GET', `/api/manage/user/${ids.e00003}`);
      expect(JSON.stringify(one.body)).not.toContain(secret);
    });

    it('signs in once, and the user must change it before choosing an organisation', async () => {
      const first = await signIn('e00003', secret);
      expect(first.body.result.success).toBe(true);
      firstToken = first.body.data.token;
      const nav = await post(t, '/api/v1/auth/navigation', {}, firstToken);
      expect(nav.body.data).toMatchObject({ forcePwdChange: true, updatePwdTips: RESET_PWD_TIPS });
      const choose = await post(t, '/api/v1/auth/chooseStore', { orgId: 12 }, firstToken);
      expect(choose.body.result).toMatchObject({ success: false, msg: CHECK_MSG.changePasswordFirst });
      const second = await signIn('e00003', secret);
      expect(second.body.result).toMatchObject({ success: false, msg: ONE_TIME_PASSWORD_SPENT });
    });

    it('is changed through the password change; then everything works again', async () => {
      const changed = await post(
        t,
        '/api/v1/smm/user/editPassword',
        { oldPwd: enc(secret), newPwd: enc('Fresh#2027'), encryptModel: 2 },
        firstToken,
      );
      expect(changed.body.result.success).toBe(true);
      const nav = await post(t, '/api/v1/auth/navigation', {}, firstToken);
      expect(nav.body.data).toMatchObject({ forcePwdChange: false, updatePwdTips: '' });
      expect((await signIn('e00003', secret)).body.result.success).toBe(false);
      expect((await signIn('e00003', 'Fresh#2027')).body.result.success).toBe(true);
    });

    it('sends it by SMS to the bound phone when asked, answering only the masked phone', async () => {
      const res = await t.json(hq, 'POST', ACTION(ids.e00005!, 'resetPassword'), {
        secretDelivery: 'sms',
      });
      expect(res.body.result.success).toBe(true);
      expect(res.body.data.oneTimeSecret.value).toBeUndefined();
      expect(res.body.data.oneTimeSecret.sentTo).toMatch(/^139\*{4}\d{4}$/);
      const sms = await t.database.db
        .selectFrom('smsOutbox')
        .select('text')
        .where('phone', '=', '13910000005')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const sent = /临时密码为(\S+?)，/.exec(sms.text)![1]!;
      expect(await auditText()).not.toContain(sent);
      expect((await signIn('e00005', sent)).body.result.success).toBe(true);
    });

    it('refuses SMS for an account without a phone, and changes nothing', async () => {
      const before = await t.database.db
        .selectFrom('appUser')
        .select(['passwordHash', 'pwdResetAt'])
        .where('account', '=', 'nophone')
        .executeTakeFirstOrThrow();
      const res = await t.json(hq, 'POST', ACTION(ids.nophone!, 'resetPassword'), {
        secretDelivery: 'sms',
      });
      expect(res.body.result).toMatchObject({ success: false, msg: '该用户未绑定手机号，无法短信发送' });
      const after = await t.database.db
        .selectFrom('appUser')
        .select(['passwordHash', 'pwdResetAt'])
        .where('account', '=', 'nophone')
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });

  describe('离职 and 复职', () => {
    it('need user:employment', async () => {
      refused(await t.json(viewer, 'POST', ACTION(ids.e00004!, 'resign'), { leaveDate: '2026-11-30' }));
      refused(await t.json(viewer, 'POST', ACTION(ids.e00004!, 'reinstate'), { entryDate: '2026-12-01' }));
    });

    it('离职 closes the account and its sessions; 复职 reopens it with a new entry date', async () => {
      const token = await t.login('e00004');
      const missing = await t.json(hq, 'POST', ACTION(ids.e00004!, 'resign'), {});
      expect(missing.body.result).toMatchObject({ success: false, msg: '请选择离职日期' });
      const gone = await t.json(hq, 'POST', ACTION(ids.e00004!, 'resign'), { leaveDate: '2026-11-30' });
      expect(gone.body.data).toMatchObject({ status: 2, leaveDate: '2026-11-30' });
      expect((await post(t, '/api/v1/auth/navigation', {}, token)).body.result.code).toBe('W0005');
      expect((await signIn('e00004', PASSWORD)).body.result.success).toBe(false);
      // 启用 is for a disabled account, not a departed employee.
      const enable = await t.json(hq, 'POST', ACTION(ids.e00004!, 'enable'));
      expect(enable.status).toBe(409);
      const back = await t.json(hq, 'POST', ACTION(ids.e00004!, 'reinstate'), {
        entryDate: '2026-12-01',
      });
      expect(back.body.data).toMatchObject({ status: 1, entryDate: '2026-12-01' });
      expect((await signIn('e00004', PASSWORD)).body.result.success).toBe(true);
      // The old session stays void.
      expect((await post(t, '/api/v1/auth/navigation', {}, token)).body.result.code).toBe('W0005');
    });
  });

  describe('organisation info', () => {
    it('lists the organisations an employee holds and his roles in each', async () => {
      const res = await t.json(hq, 'GET', ORG_INFO(ids.tip001!));
      expect(res.body.data).toEqual([
        expect.objectContaining({ orgId: 1, home: true, roleNames: [expect.any(String)], orgRoles: false }),
      ]);
      const role = await t.database.db
        .selectFrom('role')
        .select('name')
        .where('code', '=', 'FINANCE')
        .executeTakeFirstOrThrow();
      expect(res.body.data[0].roleNames).toEqual([role.name]);
    });

    it('is read with the user list permission only', async () => {
      const other = await userWith(t, 'e00006', ['user:status']);
      refused(await t.json(other, 'GET', ORG_INFO(ids.tip001!)));
      expect((await t.json(viewer, 'GET', ORG_INFO(ids.tip001!))).body.result.success).toBe(true);
      expect((await t.json(hq, 'GET', ORG_INFO(999999))).status).toBe(404);
    });
  });
});
