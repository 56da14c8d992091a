import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// Business calls need a chosen organisation; chooseStore grants one only after the security steps.
// So an account that skips /verificationPhone or /verificationAbnormal cannot reach business data.
describe('the store gate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const pickOrders = (token: string) =>
    t.call({
      method: 'POST',
      url: '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList',
      token,
      payload: { pageNo: 1, pageSize: 20 },
    });

  it('refuses business calls before a store is chosen, allows identity calls', async () => {
    const token = await t.login('hq001', undefined, { store: false });
    const refused = await pickOrders(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().result).toEqual({ success: false, code: 'E0409', msg: '请选择机构' });
    const centre = await t.call({
      method: 'POST',
      url: '/gateApi/user/smm/user/web/selectUserCenterInfo',
      token,
      payload: {},
    });
    expect(centre.json().result.success).toBe(true);
  });

  it('a flagged account cannot choose a store, so it never reaches business data', async () => {
    const token = await t.login('risk001');
    expect((await pickOrders(token)).json().result.msg).toBe('请选择机构');
  });

  it('after choosing a store the same call goes through', async () => {
    const token = await t.login('hq001');
    const res = await pickOrders(token);
    expect(res.json().result.success).toBe(true);
    expect(res.json().data.total).toBeGreaterThan(0);
  });
});
