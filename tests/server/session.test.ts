import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import { forgetSessions } from '../../server/services/session';

// DESIGN.md sessions: server-side rows, one live session per account and app, W0005 / W0013.
describe('sessions and password login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logout = (token?: string) =>
    t.call({ method: 'POST', url: '/api/v1/user03/logout', ...(token ? { token } : {}) });

  it('logs in with the demo password and returns the profile fields', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        accountType: 1,
        account: ' md001 ',
        password: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'),
        encryptModel: 2,
      },
    });
    const body = res.json();
    expect(body.result.success).toBe(true);
    expect(body.data).toMatchObject({
      employeeNumber: 'md001',
      realName: '李店长',
      userId: expect.any(Number),
    });
    expect(body.data.token).toMatch(/^[0-9a-f]{64}$/);
    const row = await t.database.db
      .selectFrom('session')
      .select('tokenHash')
      .where('userId', '=', body.data.userId)
      .execute();
    expect(row.map((r) => r.tokenHash)).not.toContain(body.data.token);
  });

  it('a call that needs a token answers W0005 without one', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ success: false, code: 'W0005', msg: '身份信息已过期，请重新登录' });
  });

  it('a newer login replaces the older session: W0013 for the old token', async () => {
    const first = await t.login('wh001');
    const second = await t.login('wh001');
    expect(first).not.toBe(second);
    const res = await logout(first);
    expect(res.json().result).toEqual({ success: false, code: 'W0013', msg: '您当前的账号已在其它位置登录' });
    expect((await logout(second)).json().result.success).toBe(true);
  });

  it('logout revokes server-side: the token answers W0005 afterwards', async () => {
    const token = await t.login('tip001');
    expect((await logout(token)).json().result.success).toBe(true);
    expect((await logout(token)).json().result.code).toBe('W0005');
  });

  it('an idle session expires (W0005)', async () => {
    const token = await t.login('risk001');
    await t.database.db
      .updateTable('session')
      .set({ lastSeenAt: new Date(Date.now() - 1000 * 60 * 60 * 24) })
      .where('revokedAt', 'is', null)
      .execute();
    // Written behind the server's back: its few-second session cache must not hide the change.
    forgetSessions();
    expect((await logout(token)).json().result.code).toBe('W0005');
  });

  it('a wrong password, an unknown account and an undecryptable password answer alike', async () => {
    const attempt = (account: string, password: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { accountType: 1, account, password, encryptModel: 2 },
      });
    const wrong = await attempt('hq001', encryptForLogin(t.keys.publicKeyPem, 'Wrong#2026'));
    const unknown = await attempt('nobody', encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'));
    const garbage = await attempt('hq001', 'bm90IGVuY3J5cHRlZA==');
    for (const res of [wrong, unknown, garbage]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toEqual({ success: false, code: 'E0400', msg: '账号或密码错误' });
    }
  });

  it('5 wrong passwords within 10 minutes lock the account, known or not', async () => {
    for (const account of ['e00001', 'ghost']) {
      for (let i = 0; i < 5; i++) {
        await t.call({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: {
            accountType: 1,
            account,
            password: encryptForLogin(t.keys.publicKeyPem, 'Wrong#2026'),
            encryptModel: 2,
          },
        });
      }
      const locked = await t.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: {
          accountType: 1,
          account,
          password: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'),
          encryptModel: 2,
        },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().result.code).toBe('E0429');
      expect(locked.json().result.msg).toMatch(/^密码错误次数过多，账号已锁定，请\d+分钟后再试$/);
    }
  });
});
