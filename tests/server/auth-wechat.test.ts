import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { bindWechat, expectFail, get, post, wechatScan } from './auth-helpers';

// Issue 3 / SPEC 2.5, 2.9, 7.1: the messaging-app QR codes through the demo provider, binding and
// unbinding (5/6 and 2/3), the pre-login check, and the login itself (accountType 3).
describe('messaging app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const check = (code: string, type: number, token?: string) =>
    get(t, `/api/v1/auth/checkWechatInfoBeforeLogin?code=${encodeURIComponent(code)}&type=${type}`, token);
  const status = async (token: string) =>
    (await post(t, '/gateApi/user/smm/user/web/selectUserCenterInfo', {}, token)).body.data.bindWechatStatus;

  it('qr: authorizeUrl to the demo provider, state ending with the action', async () => {
    const res = await get(t, '/api/v1/auth/wechat/qr?actType=1');
    expect(res.body.data).toEqual({
      authorizeUrl: expect.stringMatching(/^\/dev\/wechat\/authorize\?state=[0-9a-f]{32}_1$/),
      state: expect.stringMatching(/^[0-9a-f]{32}_1$/),
    });
    expectFail(await get(t, '/api/v1/auth/wechat/qr?actType=7'), '二维码类型不正确');
    // Actions on a user need the user.
    expect((await get(t, '/api/v1/auth/wechat/qr?actType=5')).body.result.code).toBe('W0005');
  });

  it('the authorize page: escaped, and an expired state says so', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/wechat/authorize?state=nope_1' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('二维码已失效，请重新扫码');
  });

  it('bind (5) then unbind (6) from the personal centre', async () => {
    const token = await t.login('md001');
    expect(await status(token)).toBe(0);
    expectFail(await get(t, '/api/v1/auth/wechat/qr?actType=6', token), '当前账号未绑定微信');
    const bound = await bindWechat(t, token);
    expect(bound.body.data).toEqual({ bindWechatStatus: 1 });
    expect(await status(token)).toBe(1);
    expectFail(await get(t, '/api/v1/auth/wechat/qr?actType=5', token), '当前账号已绑定微信，请先解绑');
    // Unbinding needs the bound identity itself.
    const stranger = await wechatScan(t, 6, (links) => links.find((l) => l.label.includes('未绑定')), token);
    expectFail(await check(stranger.code, 6, token), '扫码微信与当前账号绑定的微信不一致');
    const own = await wechatScan(t, 6, (links) => links.find((l) => l.label.includes('md001')), token);
    expect((await check(own.code, 6, token)).body.data).toEqual({ bindWechatStatus: 0 });
    expect(await status(token)).toBe(0);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'wechat%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['wechat_bind', 'wechat_unbind']);
  });

  it('bind (2) and unbind (3), the /personalCenter variants', async () => {
    const token = await t.login('wh001');
    const bind = await wechatScan(t, 2, (links) => links[0], token);
    expect((await check(bind.code, 2, token)).body.data).toEqual({ bindWechatStatus: 1 });
    const unbind = await wechatScan(t, 3, (links) => links.find((l) => l.label.includes('wh001')), token);
    expect((await check(unbind.code, 3, token)).body.data).toEqual({ bindWechatStatus: 0 });
  });

  it('a scan is bound to its action and to the user who showed the QR', async () => {
    const hq = await t.login('hq001');
    const md = await t.login('md001');
    const scan = await wechatScan(t, 5, (links) => links[0], hq);
    // Another signed-in user cannot spend hq001's binding scan, nor can it serve another action.
    expectFail(await check(scan.code, 5, md), '二维码已失效，请重新扫码');
    expectFail(await check(scan.code, 2, hq), '二维码已失效，请重新扫码');
    expect((await check(scan.code, 5, hq)).body.result.success).toBe(true);
    expectFail(await check(scan.code, 5, hq), '二维码已失效，请重新扫码');
    // One identity, one account.
    const mdScan = await wechatScan(t, 5, (links) => links[0], md);
    const taken = `/dev/wechat/confirm?state=${encodeURIComponent(mdScan.state)}&openId=demo-wx-hq001`;
    const redirect = await t.app.inject({ method: 'GET', url: taken });
    const code = new URL(redirect.headers.location as string, 'http://x').searchParams.get('code')!;
    expectFail(await check(code, 5, md), '该微信已绑定其他账号');
  });

  it('type 1: the pre-login check does not spend the code; the login does', async () => {
    const hq = await t.login('hq001');
    if ((await status(hq)) === 0) await bindWechat(t, hq);
    const { code, page } = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('hq001')));
    expect(page).toContain('张总部（hq001）');
    expect((await check(code, 1)).body.data).toEqual({ bound: true });
    const login = await post(t, '/api/v1/auth/login', { accountType: 3, account: code });
    expect(login.body.data).toMatchObject({
      employeeNumber: 'hq001',
      specialResult: { success: true, msg: '' },
    });
    expectFail(await check(code, 1), '二维码已失效，请重新扫码');
    const stranger = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('未绑定')));
    expectFail(await check(stranger.code, 1), '该微信未绑定账号，请使用账号密码登录后在个人中心绑定');
  });

  it('a scan code expires', async () => {
    const hq = await t.login('hq001');
    if ((await status(hq)) === 0) await bindWechat(t, hq);
    const { code } = await wechatScan(t, 1, (links) => links.find((l) => l.label.includes('hq001')));
    await t.database.db
      .updateTable('wechatGrant')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expectFail(
      await post(t, '/api/v1/auth/login', { accountType: 3, account: code }),
      '二维码已失效，请重新扫码',
    );
  });

  it('the check validates its query', async () => {
    expectFail(await get(t, '/api/v1/auth/checkWechatInfoBeforeLogin?type=1'), '二维码已失效，请重新扫码');
    expectFail(await get(t, '/api/v1/auth/checkWechatInfoBeforeLogin?code=x&type=9'), '二维码类型不正确');
    expect((await check('x', 5)).body.result.code).toBe('W0005');
  });
});
