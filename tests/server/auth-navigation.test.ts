import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { bindWechat, chooseStore, expectFail, freshCode, get, post, wechatScan } from './auth-helpers';

// Issue 3 / SPEC 2.2, 2.7, 2.8: the security check after login and what it asks of the next steps.
describe('navigation after login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const navigation = (token: string) => post(t, '/api/v1/auth/navigation', { accountType: 1 }, token);

  it('type 1 for an ordinary account, no tip, the masked phone', async () => {
    const res = await navigation(await t.login('hq001'));
    expect(res.body.data).toEqual({
      navigationType: 1,
      updatePwdTips: '',
      bindPhoneHide: '138****0001',
      forcePwdChange: false,
    });
  });

  it('tip001 gets the security tip with type 1', async () => {
    const res = await navigation(await t.login('tip001'));
    expect(res.body.data.navigationType).toBe(1);
    expect(res.body.data.updatePwdTips).toMatch(/密码/);
  });

  it('needs a token (W0005 without)', async () => {
    const res = await post(t, '/api/v1/auth/navigation', { accountType: 1 });
    expect(res.body.result.code).toBe('W0005');
  });

  it('type 2 for an account without phone until it binds one; no store before', async () => {
    const token = await t.login('nophone');
    expect((await navigation(token)).body.data).toEqual({
      navigationType: 2,
      updatePwdTips: '',
      bindPhoneHide: '',
      forcePwdChange: false,
    });
    expectFail(await chooseStore(t, token, 12), '请先绑定手机号', 409);
    expectFail(await post(t, '/api/v1/auth/authCode', { systemId: 100 }, token), '请先绑定手机号', 409);
    const code = await freshCode(t, '13700000007', 'bind', token);
    const bound = await post(
      t,
      `/api/v1/smm/userAccount/bindPhone?phone=13700000007&code=${code}`,
      {},
      token,
    );
    expect(bound.body.data).toEqual({ bindPhoneHide: '137****0007' });
    expect((await navigation(token)).body.data.navigationType).toBe(1);
    expect((await chooseStore(t, token, 12)).body.result.success).toBe(true);
  });

  it('type 3 for a flagged account with the masked phone, until the SMS identity check passes', async () => {
    const token = await t.login('risk001');
    expect((await navigation(token)).body.data).toEqual({
      navigationType: 3,
      updatePwdTips: '',
      bindPhoneHide: '138****0005',
      forcePwdChange: false,
    });
    expectFail(await chooseStore(t, token, 12), '请先完成身份验证', 409);
    const sent = await get(t, '/api/v1/smm/userAccount/sendUserPhoneCode', token);
    expect(sent.body.data).toEqual({ phone: '138****0005', resendAfter: 60 });
    expectFail(
      await get(t, '/api/v1/smm/userAccount/checkUserPhoneCode?code=000000', token),
      '验证码错误或已失效',
    );
    expectFail(await get(t, '/api/v1/smm/userAccount/checkUserPhoneCode', token), '请输入验证码');
    const { body } = await get(t, '/api/dev/sms?phone=13800000005');
    const ok = await get(t, `/api/v1/smm/userAccount/checkUserPhoneCode?code=${body.data.code}`, token);
    expect(ok.body.result.success).toBe(true);
    expect((await navigation(token)).body.data.navigationType).toBe(1);
    expect((await chooseStore(t, token, 12)).body.result.success).toBe(true);
    // The flag belongs to the account: the next session proves identity again.
    expect((await navigation(await t.login('risk001'))).body.data.navigationType).toBe(3);
  });

  it('a phone-code login proves the phone: the flagged account goes on with type 1', async () => {
    const code = await freshCode(t, '13800000005');
    const res = await post(t, '/api/v1/auth/login', {
      accountType: 2,
      account: '13800000005',
      password: code,
    });
    expect((await navigation(res.body.data.token)).body.data.navigationType).toBe(1);
  });

  it('type 3 passes with the messaging-app identity check (actType 4) of the bound identity only', async () => {
    // Bind risk001's messaging app first (the binding itself is allowed before the check).
    const first = await t.login('risk001');
    expect((await bindWechat(t, first)).body.result.success).toBe(true);
    const token = await t.login('risk001');
    expect((await navigation(token)).body.data.navigationType).toBe(3);
    const stranger = await wechatScan(t, 4, (links) => links.find((l) => l.label.includes('未绑定')), token);
    expectFail(
      await get(t, `/api/v1/auth/checkWechatInfoBeforeLogin?code=${stranger.code}&type=4`, token),
      '扫码微信与当前账号绑定的微信不一致',
    );
    expect((await navigation(token)).body.data.navigationType).toBe(3);
    const own = await wechatScan(t, 4, (links) => links.find((l) => l.label.includes('risk001')), token);
    const ok = await get(t, `/api/v1/auth/checkWechatInfoBeforeLogin?code=${own.code}&type=4`, token);
    expect(ok.body.data).toEqual({ checked: true });
    expect((await navigation(token)).body.data.navigationType).toBe(1);
  });

  it('a messaging-app login of a flagged account warns in specialResult, then navigation says 3', async () => {
    const { code } = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('risk001')));
    const res = await post(t, '/api/v1/auth/login', { accountType: 3, account: code });
    expect(res.body.data.specialResult).toEqual({ success: false, msg: expect.stringContaining('异常登录') });
    expect((await navigation(res.body.data.token)).body.data.navigationType).toBe(3);
  });
});
