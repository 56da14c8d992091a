import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 20 points 5 and 6: the theme and language are the user's, kept on the server, so a sign-in on
// another browser (a new session) reads them back; other users keep theirs.
const GET = '/gateApi/user/smm/user/web/preferences';
const SAVE = '/gateApi/user/smm/user/web/savePreferences';

describe('user preferences (theme, language)', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
  });
  afterAll(() => t.close());

  const read = async (token: string) => (await t.json(token, 'GET', GET)).body.data;

  it('answers the defaults (light, zh-CN) before the user chose any', async () => {
    expect(await read(hq)).toEqual({ theme: 'light', language: 'zh-CN' });
  });

  it('stores a choice per user; a later sign-in (another browser) reads it back', async () => {
    const saved = await t.json(hq, 'POST', SAVE, { theme: 'dark' });
    expect(saved.body.result.success).toBe(true);
    expect(saved.body.data).toEqual({ theme: 'dark', language: 'zh-CN' });
    // Changing the language keeps the theme.
    expect((await t.json(hq, 'POST', SAVE, { language: 'en-US' })).body.data).toEqual({
      theme: 'dark',
      language: 'en-US',
    });
    const elsewhere = await t.login('hq001');
    expect(await read(elsewhere)).toEqual({ theme: 'dark', language: 'en-US' });
    expect(await read(md)).toEqual({ theme: 'light', language: 'zh-CN' });
    expect((await t.json(elsewhere, 'POST', SAVE, { theme: 'system' })).body.data.theme).toBe('system');
    expect((await read(elsewhere)).theme).toBe('system');
  });

  it('refuses unknown values, an empty change and callers without a session', async () => {
    for (const body of [{ theme: 'blue' }, { language: 'fr-FR' }, {}]) {
      const res = await t.json(md, 'POST', SAVE, body);
      expect(res.body.result.success, JSON.stringify(body)).toBe(false);
    }
    expect(await read(md)).toEqual({ theme: 'light', language: 'zh-CN' });
    const anonymous = await t.call({ method: 'GET', url: GET });
    expect(anonymous.json().result.code).toBe('W0005');
  });
});
