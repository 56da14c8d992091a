import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import {
  bindWechat,
  expectFail,
  freshCode,
  get,
  latestCode,
  post,
  sendCode,
  wechatScan,
} from './auth-helpers';

// Issue 3 / SPEC 3, 7.1: the four login types on POST /api/v1/auth/login, the legacy user03/login, W0013.
describe('login: every account type', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: object) => post(t, '/api/v1/auth/login', payload);

  it('type 1: account and encrypted password', async () => {
    const res = await login({
      accountType: 1,
      account: 'md001',
      password: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'),
      encryptModel: 2,
    });
    expect(res.body.data).toMatchObject({ employeeNumber: 'md001', realName: '李店长' });
  });

  it('type 2: phone plus SMS code, the code single use', async () => {
    const code = await freshCode(t, '13800000002');
    const res = await login({ accountType: 2, account: '13800000002', password: code });
    expect(res.body.result.success).toBe(true);
    expect(res.body.data).toMatchObject({
      employeeNumber: 'md001',
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expectFail(await login({ accountType: 2, account: '13800000002', password: code }), '验证码错误或已失效');
  });

  it('type 2: an unregistered phone gets the same answers and no message', async () => {
    const sent = await sendCode(t, '13700000099');
    expect(sent.body).toEqual({ result: { success: true, code: '0', msg: '' }, data: { resendAfter: 60 } });
    expect(await latestCode(t, '13700000099')).toBeUndefined();
    expectFail(
      await login({ accountType: 2, account: '13700000099', password: '123456' }),
      '验证码错误或已失效',
    );
  });

  it('type 2: the SPEC 5 messages', async () => {
    expectFail(await login({ accountType: 2, password: '1' }), '请输入您的手机号');
    expectFail(await login({ accountType: 2, account: '2380000000', password: '1' }), '请输入正确的手机号');
    expectFail(await login({ accountType: 2, account: '13800000002' }), '请输入您的验证码');
    expectFail(await login({ accountType: 2, account: '13800000002', password: '' }), '请输入您的验证码');
    expectFail(await login({ accountType: 9, account: 'x' }), '不支持的登录方式');
  });

  it('type 3: a messaging-app code of a bound identity, with specialResult', async () => {
    const token = await t.login('hq001');
    expect((await bindWechat(t, token)).body.result.success).toBe(true);
    const { code } = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('hq001')));
    const res = await login({ accountType: 3, account: code });
    expect(res.body.data).toMatchObject({ employeeNumber: 'hq001', specialResult: { success: true } });
    // The code was spent by the login.
    expectFail(await login({ accountType: 3, account: code }), '二维码已失效，请重新扫码');
  });

  it('type 3: an identity bound to no account is refused', async () => {
    const { code } = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('未绑定')));
    expectFail(
      await login({ accountType: 3, account: code }),
      '该微信未绑定账号，请使用账号密码登录后在个人中心绑定',
    );
    expectFail(await login({ accountType: 3, account: 'made-up' }), '二维码已失效，请重新扫码');
  });

  it('type 4: a single-use auth code, only for the system it was issued for', async () => {
    const token = await t.login('wh001');
    const issued = await post(t, '/api/v1/auth/authCode', { systemId: 200 }, token);
    expect(issued.body.data).toEqual({ authCode: expect.any(String), systemUrl: '/dev/subsystem/200' });
    // A code for subsystem 200 does not open this console (300).
    expectFail(
      await login({ accountType: 4, account: issued.body.data.authCode, systemId: 300 }),
      '授权码无效或已过期',
    );
    // The demo subsystem redeems it and offers a fresh code back into this console.
    const landing = await t.app.inject({
      method: 'GET',
      url: `/dev/subsystem/200?authCode=${encodeURIComponent(issued.body.data.authCode)}`,
    });
    expect(landing.statusCode).toBe(200);
    const back = /href="\/checkPage\?authCode=([^"]+)"/.exec(landing.body)![1]!;
    const res = await login({ accountType: 4, account: decodeURIComponent(back), systemId: 300 });
    expect(res.body.data).toMatchObject({ employeeNumber: 'wh001', realName: '王仓管' });
    expectFail(await login({ accountType: 4, account: decodeURIComponent(back) }), '授权码无效或已过期');
  });

  it('legacy POST /api/v1/user03/login: userName and encrypted password', async () => {
    const res = await post(t, '/api/v1/user03/login', {
      appCode: '10004',
      userName: 'tip001',
      password: encryptForLogin(t.keys.publicKeyPem, 'Fresh#2026'),
      systemId: 300,
    });
    expect(res.body.data).toMatchObject({ employeeNumber: 'tip001', token: expect.any(String) });
    const wrong = await post(t, '/api/v1/user03/login', {
      userName: 'tip001',
      password: encryptForLogin(t.keys.publicKeyPem, 'Wrong#2026'),
    });
    expectFail(wrong, '账号或密码错误');
    expectFail(await post(t, '/api/v1/user03/login', { password: 'x' }), '请输入您的账号');
  });

  it('W0013: a second login of the same account replaces the first session', async () => {
    const first = await t.login('md001');
    const code = await freshCode(t, '13800000002');
    const second = await login({ accountType: 2, account: '13800000002', password: code });
    expect(second.body.result.success).toBe(true);
    const old = await post(t, '/api/v1/auth/navigation', { accountType: 1 }, first);
    expect(old.body.result).toEqual({ success: false, code: 'W0013', msg: '您当前的账号已在其它位置登录' });
    const current = await post(t, '/api/v1/auth/navigation', { accountType: 2 }, second.body.data.token);
    expect(current.body.result.success).toBe(true);
  });

  it('too many login calls from one address: E0429 with when to retry', async () => {
    let last: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 101; i++) last = await login({ accountType: 1, password: 'x' });
    expect(last!.status).toBe(429);
    expect(last!.body.result).toMatchObject({ success: false, code: 'E0429' });
    expect(last!.body.result.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect((await get(t, '/api/health')).status).toBe(200);
  });
});
