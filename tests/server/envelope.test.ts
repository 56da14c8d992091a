import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// DESIGN.md 3: every response is the envelope, with the status/code table.
describe('response envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails unexpectedly, to see what leaks (nothing may).
    t.app.log.level = 'silent';
  });
  afterAll(() => t.close());

  it('health answers with the envelope, unsigned, and names no engine to anonymous callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { success: true, code: '0', msg: '' }, data: { status: 'up' } });
    const signedIn = await t.call({ method: 'GET', url: '/api/health', token: await t.login('hq001') });
    expect(signedIn.json().data).toEqual({ status: 'up', database: expect.any(String), demo: true });
  });

  it('unknown API path: 404 E0404 with the Chinese message', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toEqual({ success: false, code: 'E0404', msg: '出错了，请求地址不存在' });
  });

  it('malformed JSON: 400 E0400, no parser details', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toEqual({ success: false, code: 'E0400', msg: '请求数据格式错误' });
  });

  it('schema validation: 400 with the field message in Chinese', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { accountType: 1, password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result.msg).toBe('请输入您的账号');
    const long = await t.call({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { accountType: 1, account: '123456789012', password: 'x' },
    });
    expect(long.json().result.msg).toBe('长度在 1 到 11 个字符');
  });

  it('unexpected errors: 500 E0500 with a request id, no SQL or stack', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Break the database under the app: the next query fails inside the driver.
    const broken = await createTestApp();
    broken.app.log.level = 'silent';
    await broken.database.close();
    const fail = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(fail.statusCode).toBe(500);
    const body = fail.json();
    expect(body.result).toMatchObject({ success: false, code: 'E0500', msg: '系统错误，请联系管理人员' });
    expect(body.result.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(fail.body).not.toMatch(/select|stack|at \w+ \(/i);
    await broken.app.close();
  });

  it('pages fall back to the SPA only when a build exists; the API never does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().result.code).toBe('E0404');
  });
});
