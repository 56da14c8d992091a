import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { chooseStore, expectFail, post } from './auth-helpers';

// Issue 3 / SPEC 2.3, 2.4, 3, 6: subsystems, organisations, the store choice, the profile, auth codes.
describe('subsystems, stores and the profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('subsystemList: 100, 200, 300, 301 with the user organisations', async () => {
    const token = await t.login('md001');
    const res = await post(t, '/api/v1/auth/subsystemList', { systemId: 300 }, token);
    expect(res.body.data.map((s: { systemId: number }) => s.systemId)).toEqual([100, 200, 300, 301]);
    const fresh = res.body.data.find((s: { systemId: number }) => s.systemId === 300);
    expect(fresh).toMatchObject({ systemName: '生鲜系统', systemUrl: null });
    expect(fresh.orgRefInfoList).toHaveLength(1);
  });

  it('orgList: md001 holds one store, with every reference field', async () => {
    const token = await t.login('md001');
    const res = await post(t, '/api/v1/auth/orgList', {}, token);
    expect(res.body.data).toEqual([
      {
        orgId: 11,
        refObjId: 11,
        refObjName: '杭州文三路店',
        refObjCode: 'S1001',
        refObjType: 2,
        refObjStatus: 1,
        refObjStatusName: '营业中',
        shopType: 1,
        managementMode: 1,
      },
    ]);
  });

  it('orgList: hq001 holds several, headquarters first, the suspended store named', async () => {
    const token = await t.login('hq001');
    const res = await post(t, '/api/v1/auth/orgList', {}, token);
    expect(res.body.data.map((o: { orgId: number }) => o.orgId)).toEqual([1, 2, 11, 12, 13, 14, 21]);
    expect(res.body.data.find((o: { orgId: number }) => o.orgId === 14).refObjStatusName).toBe('暂停营业');
  });

  it('chooseStore (md001): the chosen-store payload with permissions and powerControl', async () => {
    const token = await t.login('md001');
    const res = await chooseStore(t, token, 11, 2);
    expect(res.body.data).toMatchObject({
      employeeNumber: 'md001',
      realName: '李店长',
      systemId: 300,
      orgId: 11,
      shopId: 11,
      shopType: 1,
      storeName: '杭州文三路店',
      refObjType: 2,
      refObjStatus: 1,
      managementMode: 1,
    });
    const { permissions, powerControl } = res.body.data;
    expect(permissions.length).toBeGreaterThan(0);
    expect(permissions[0]).toEqual({
      id: expect.any(Number),
      parentId: null,
      name: expect.any(String),
      uri: null,
      menuClass: 1,
      app: 'admin',
    });
    expect(permissions.every((p: { menuClass: number }) => p.menuClass !== 3)).toBe(true);
    const codes = powerControl.map((p: { code: string }) => p.code);
    expect(codes).toContain('platformMsg:saveDeptMessage');
    expect(codes).not.toContain('platformMsg:saveRadioMessage');
    // The guard's recovery returns the same profile for this session.
    const info = await post(t, '/api/v1/auth/userInfo', {}, token);
    expect(info.body.data).toEqual(res.body.data);
  });

  it('chooseStore (hq001): headquarters has no shop id; any held org can be chosen', async () => {
    const token = await t.login('hq001');
    const hq = await chooseStore(t, token, 1, 1);
    expect(hq.body.data).toMatchObject({ orgId: 1, shopId: null, refObjType: 1, storeName: '鲜丰集团总部' });
    const codes = hq.body.data.powerControl.map((p: { code: string }) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining(['platformMsg:saveRadioMessage', 'platformMsg:saveDeptMessage']),
    );
    const store = await chooseStore(t, token, 13);
    expect(store.body.data).toMatchObject({ orgId: 13, shopId: 13, managementMode: 2 });
    expect((await post(t, '/api/v1/auth/userInfo', {}, token)).body.data.orgId).toBe(13);
  });

  it('chooseStore refuses an org not held, a wrong type, and a missing org', async () => {
    const token = await t.login('md001');
    expectFail(await chooseStore(t, token, 12), '您未开通权限，请联系管理人员', 401);
    expectFail(await chooseStore(t, token, 11, 3), '您未开通权限，请联系管理人员', 401);
    expectFail(await post(t, '/api/v1/auth/chooseStore', { systemId: 300 }, token), '请选择机构');
    expectFail(
      await post(t, '/api/v1/auth/chooseStore', { systemId: 300, orgId: null }, token),
      '请选择机构',
    );
    expectFail(
      await post(t, '/api/v1/auth/chooseStore', { systemId: 100, orgId: 11 }, token),
      '不支持的子系统',
    );
  });

  it('userInfo before a store is chosen: 请选择机构', async () => {
    const token = await t.login('wh001', undefined, { store: false });
    expectFail(await post(t, '/api/v1/auth/userInfo', {}, token), '请选择机构');
  });

  it('authCode: for 100, 200, 301 only; each code works once', async () => {
    const token = await t.login('hq001');
    expectFail(await post(t, '/api/v1/auth/authCode', { systemId: 300 }, token), '跳转参数错误');
    const res = await post(t, '/api/v1/auth/authCode', { systemId: 301 }, token);
    expect(res.body.data.systemUrl).toBe('/dev/subsystem/301');
    const url = `${res.body.data.systemUrl}?authCode=${encodeURIComponent(res.body.data.authCode)}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('欢迎，张总部（hq001）已通过授权码进入大数据平台');
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('授权码无效或已过期');
    // Another subsystem's page does not accept it either.
    const other = await post(t, '/api/v1/auth/authCode', { systemId: 100 }, token);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/dev/subsystem/200?authCode=${encodeURIComponent(other.body.data.authCode)}`,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('authCode: a code expires after 5 minutes', async () => {
    const token = await t.login('hq001');
    const res = await post(t, '/api/v1/auth/authCode', { systemId: 100 }, token);
    await t.database.db
      .updateTable('authCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('usedAt', 'is', null)
      .execute();
    const page = await t.app.inject({
      method: 'GET',
      url: `/dev/subsystem/100?authCode=${encodeURIComponent(res.body.data.authCode)}`,
    });
    expect(page.statusCode).toBe(400);
  });

  it('the landing page escapes what it shows', async () => {
    await t.database.db
      .updateTable('appUser')
      .set({ realName: '<b>x</b>' })
      .where('account', '=', 'tip001')
      .execute();
    const token = await t.login('tip001');
    const res = await post(t, '/api/v1/auth/authCode', { systemId: 100 }, token);
    const page = await t.app.inject({
      method: 'GET',
      url: `/dev/subsystem/100?authCode=${encodeURIComponent(res.body.data.authCode)}`,
    });
    expect(page.body).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page.body).not.toContain('<b>x</b>');
  });
});
