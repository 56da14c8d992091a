import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signHeaders, type TestApp } from '../fixtures/app';

// SPEC 7 / DESIGN.md 3: timestamp + signature on every API call, ±5 minutes, token included when sent.
describe('request signing', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('hq001');
  });
  afterAll(() => t.close());

  const logout = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user03/logout', headers });

  it('refuses a call without signature headers', async () => {
    const res = await logout({ token });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toMatchObject({ success: false, code: 'E0403' });
  });

  it('refuses a wrong secret, and a token swapped after signing', async () => {
    expect((await logout(signHeaders('not-the-secret', token))).statusCode).toBe(403);
    const signedForOther = { ...signHeaders(t.keys.signSecret, 'a'.repeat(64)), token };
    expect((await logout(signedForOther)).statusCode).toBe(403);
  });

  it('accepts up to 5 minutes of skew either way, refuses beyond', async () => {
    const base = '/api/v1/auth/login';
    const at = (offset: number) =>
      t.app.inject({
        method: 'POST',
        url: base,
        headers: signHeaders(t.keys.signSecret, undefined, Date.now() + offset),
        payload: {},
      });
    // Inside the window the request reaches validation (400), outside it is refused first (403).
    expect((await at(-4.5 * 60_000)).statusCode).toBe(400);
    expect((await at(4.5 * 60_000)).statusCode).toBe(400);
    expect((await at(-5.5 * 60_000)).statusCode).toBe(403);
    expect((await at(5.5 * 60_000)).statusCode).toBe(403);
  });

  it('accepts a correct signature over the token', async () => {
    const res = await logout(signHeaders(t.keys.signSecret, token));
    expect(res.statusCode).toBe(200);
    expect(res.json().result.success).toBe(true);
  });

  it('collapses duplicate slashes in paths, without skipping signing or authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '//api//health' });
    expect(res.statusCode).toBe(200);
    const sneaky = await t.app.inject({ method: 'POST', url: '//api//v1/user03/logout', headers: { token } });
    expect(sneaky.statusCode).toBe(403);
    const signedNoToken = await t.app.inject({
      method: 'POST',
      url: '//api//v1//user03/logout',
      headers: signHeaders(t.keys.signSecret),
    });
    expect(signedNoToken.json().result.code).toBe('W0005');
  });
});
