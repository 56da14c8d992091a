import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/services/messages/html';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 13.7: no caching of API answers, the envelope for requests Node refuses, only this server's
// images in rich text (the health endpoint is in envelope.test.ts).
describe('security details', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.log.level = 'silent';
    token = await t.login('hq001');
  });
  afterAll(() => t.close());

  it('answers every API call with Cache-Control: no-store, refusals included', async () => {
    const answers = [
      await t.call({ method: 'POST', url: '/api/manage/user/list', token, payload: {} }),
      await t.call({ method: 'POST', url: '/api/manage/user/list', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/manage/user/list', payload: {} }),
      await t.call({ method: 'GET', url: '/api/v1/nothing/here' }),
      await t.app.inject({ method: 'GET', url: '/api/health' }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });

  it('an over-long URL or header gets the envelope with 431, not Node’s bare text', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    for (const res of [
      await send(`/api/manage/user/list?account=${'a'.repeat(20_000)}`),
      await send('/api/health', { 'x-padding': 'b'.repeat(20_000) }),
    ]) {
      expect(res.status).toBe(431);
      expect(res.type).toMatch(/application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        result: { success: false, code: 'E0431', msg: '请求过长，请减少查询条件后重试' },
        data: null,
      });
    }
  });

  it('rich text keeps only images uploaded to this server', () => {
    const html = [
      '<p>通知</p>',
      '<img src="https://tracker.example.com/pixel.gif">',
      '<img src="//cdn.example.com/a.png">',
      '<img src="http://console.local/uploads/xs/NOTICE/202611/abc.png" alt="图">',
      '<img src="/uploads/xs/NOTICE/202611/def.png">',
      '<img src="/uploads/../keys/private.pem">',
      '<img src="data:image/png;base64,AAAA">',
    ].join('');
    expect(sanitizeRichText(html)).toBe(
      '<p>通知</p><img src="/uploads/xs/NOTICE/202611/abc.png" alt="图"><img src="/uploads/xs/NOTICE/202611/def.png">',
    );
  });
});
