import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, signHeaders, type TestApp } from '../fixtures/app';
import { ageCodes, expectFail, freshCode, get, latestCode, post, sendCode } from './auth-helpers';

// Issue 3 / DESIGN.md 3 'SMS': 6 digits, single use, 5 minutes, one send per phone per 60 s, 5 wrong
// tries burn the code, stored hashed; SPEC 7.2 endpoints; the demo outbox.
describe('SMS codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const checkLogin = (phone: string, password: string) =>
    post(t, '/api/v1/auth/login', { accountType: 2, account: phone, password });

  it('a code is 6 digits, stored only as a hash, and shown in the demo outbox', async () => {
    const code = await freshCode(t, '13800000001');
    const rows = await t.database.db
      .selectFrom('smsCode')
      .selectAll()
      .where('phone', '=', '13800000001')
      .execute();
    expect(rows.at(-1)!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(code);
    expect(page.body).toContain('13800000001');
  });

  it('one send per phone per 60 s, E0429 saying when to retry', async () => {
    await freshCode(t, '13800000003');
    const again = await sendCode(t, '13800000003');
    expect(again.status).toBe(429);
    expect(again.body.result.code).toBe('E0429');
    expect(again.body.result.msg).toMatch(/^验证码发送过于频繁，请(60|59)秒后再试$/);
    await ageCodes(t, '13800000003', 45_000);
    expect((await sendCode(t, '13800000003')).body.result.msg).toMatch(
      /^验证码发送过于频繁，请1[45]秒后再试$/,
    );
    await ageCodes(t, '13800000003', 16_000);
    expect((await sendCode(t, '13800000003')).body.result.success).toBe(true);
  });

  it('single use: the same code does not work twice', async () => {
    const code = await freshCode(t, '13800000006');
    expect((await checkLogin('13800000006', code)).body.result.success).toBe(true);
    expectFail(await checkLogin('13800000006', code), '验证码错误或已失效');
  });

  it('5 wrong tries burn the code, even the right one fails afterwards', async () => {
    const code = await freshCode(t, '13800000002');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expectFail(await checkLogin('13800000002', wrong), '验证码错误或已失效');
    expectFail(await checkLogin('13800000002', wrong), '验证码错误次数过多，请重新获取');
    expectFail(await checkLogin('13800000002', code), '验证码错误或已失效');
  });

  it('a code expires after 5 minutes', async () => {
    const code = await freshCode(t, '13800000001');
    await ageCodes(t, '13800000001', 5 * 60_000 + 1000);
    expectFail(await checkLogin('13800000001', code), '验证码错误或已失效');
  });

  it('only the newest code counts; codes of another purpose never do', async () => {
    const older = await freshCode(t, '13800000001');
    const newer = await freshCode(t, '13800000001');
    if (older !== newer) expectFail(await checkLogin('13800000001', older), '验证码错误或已失效');
    const token = await t.login('hq001');
    const user = await freshCode(t, '13800000001', 'bind', token).catch(() => undefined);
    // bind refuses the user's own phone; a 'user' code (identity check) must not log in either.
    expect(user).toBeUndefined();
    await ageCodes(t, '13800000001', 61_000);
    await get(t, '/api/v1/smm/userAccount/sendUserPhoneCode', token);
    const userCode = await latestCode(t, '13800000001');
    expectFail(await checkLogin('13800000001', userCode!), '验证码错误或已失效');
  });

  it('sendPhoneCode validates the phone with the SPEC 5 messages', async () => {
    expectFail(await get(t, '/api/v1/smm/userAccount/sendPhoneCode'), '请输入手机号');
    expectFail(await get(t, '/api/v1/smm/userAccount/sendPhoneCode?phone=12345'), '请输入正确的手机号');
    expectFail(
      await get(t, '/api/v1/smm/userAccount/sendPhoneCode?phone=13800000001&purpose=x'),
      '验证码用途不正确',
    );
  });

  it('checkPhone: format only without a session; signed in, whether the phone is free', async () => {
    expect((await get(t, '/api/v1/smm/userAccount/checkPhone?phone=13800000001')).body.data).toBe(true);
    expectFail(await get(t, '/api/v1/smm/userAccount/checkPhone?phone=1380000000'), '请输入正确的手机号');
    const token = await t.login('wh001');
    expectFail(
      await get(t, '/api/v1/smm/userAccount/checkPhone?phone=13800000001', token),
      '该手机号已被其他账号绑定',
      409,
    );
    expect((await get(t, '/api/v1/smm/userAccount/checkPhone?phone=13800000003', token)).body.data).toBe(
      true,
    );
  });

  it('change phone: the old phone first (checkUserPhoneCode), then the new phone with its code', async () => {
    const token = await t.login('wh001');
    const newPhone = '13700000003';
    // Step 2 without step 1 is refused.
    const early = await freshCode(t, newPhone, 'bind', token);
    expectFail(
      await post(t, `/api/v1/smm/userAccount/bindPhone?phone=${newPhone}&code=${early}`, {}, token),
      '请先验证原手机号',
      409,
    );
    // Step 1: a code to the current phone.
    await ageCodes(t, '13800000003', 61_000);
    expect((await get(t, '/api/v1/smm/userAccount/sendUserPhoneCode', token)).body.result.success).toBe(true);
    const oldCode = await latestCode(t, '13800000003');
    expect(
      (await get(t, `/api/v1/smm/userAccount/checkUserPhoneCode?code=${oldCode}`, token)).body.data,
    ).toBe(true);
    // A phone bound to another account cannot be sent a bind code.
    expectFail(await sendCode(t, '13800000001', 'bind', token), '该手机号已被其他账号绑定', 409);
    // Step 2: the new phone's code, checked then spent by bindPhone.
    const code = await freshCode(t, newPhone, 'bind', token);
    const check = await get(
      t,
      `/api/v1/smm/userAccount/checkPhoneCode?phone=${newPhone}&code=${code}`,
      token,
    );
    expect(check.body.data).toBe(true);
    expectFail(
      await post(t, `/api/v1/smm/userAccount/bindPhone?phone=${newPhone}`, {}, token),
      '请输入验证码',
    );
    const bound = await post(
      t,
      `/api/v1/smm/userAccount/bindPhone?phone=${newPhone}&code=${code}`,
      {},
      token,
    );
    expect(bound.body.data).toEqual({ bindPhoneHide: '137****0003' });
    const user = await t.database.db
      .selectFrom('appUser')
      .select('phone')
      .where('account', '=', 'wh001')
      .executeTakeFirst();
    expect(user!.phone).toBe(newPhone);
    // The old-phone check is spent by the change.
    const next = await freshCode(t, '13700000013', 'bind', token);
    expectFail(
      await post(t, `/api/v1/smm/userAccount/bindPhone?phone=13700000013&code=${next}`, {}, token),
      '请先验证原手机号',
      409,
    );
    const audit = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'phone_bind')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('the signed-in calls need a token', async () => {
    expect((await get(t, '/api/v1/smm/userAccount/sendUserPhoneCode')).body.result.code).toBe('W0005');
    expect((await sendCode(t, '13700000021', 'bind')).body.result.code).toBe('W0005');
    expect(
      (await post(t, '/api/v1/smm/userAccount/bindPhone?phone=13700000021&code=1')).body.result.code,
    ).toBe('W0005');
  });
});

describe('SMS address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('too many sends from one address: E0429 from the address limit', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof sendCode>> | undefined;
    for (let i = 0; i < 31; i++) {
      last = await sendCode(t, `1360000${String(1000 + i)}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.result.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
  });
});

describe('demo helpers outside demo mode', () => {
  it('the outbox page and the code endpoint do not exist', async () => {
    const t = await createTestApp();
    const app = await buildApp({ config: { ...t.app.config, demo: false }, db: t.database.db, keys: t.keys });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/sms' })).statusCode).toBe(404);
      const res = await app.inject({
        method: 'GET',
        url: '/api/dev/sms?phone=13800000001',
        headers: { timestamp: '1', signature: 'x' },
      });
      expect(res.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/wechat/authorize?state=x' })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'GET', url: '/dev/subsystem/100?authCode=x' })).statusCode).toBe(
        404,
      );
      // No SMS gateway and no messaging-app provider are configured: refused, never pretended.
      const signed = (url: string) =>
        app.inject({ method: 'GET', url, headers: signHeaders(t.keys.signSecret) }).then((r) => r.json());
      expect((await signed('/api/v1/smm/userAccount/sendPhoneCode?phone=13800000001')).result).toMatchObject({
        code: 'E0503',
        msg: '短信服务暂不可用，请联系管理人员',
      });
      expect((await signed('/api/v1/auth/wechat/qr?actType=1')).result.msg).toBe('微信登录暂未开通');
    } finally {
      await app.close();
      await t.close();
    }
  });
});
