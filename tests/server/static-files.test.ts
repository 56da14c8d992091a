import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

/**
 * The built front end as the server sends it (server/plugins/static.ts): a hashed script in the form
 * the browser accepts (the build leaves `.br` and `.gz` beside it, vite.config.ts), cached for good;
 * the page fallback and the sub-apps' config revalidated. A build of its own here, so that the test
 * does not depend on the checkout's dist/.
 */
describe('the built front end', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-dist-'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `商品${i}` })))};\n`;
  let t: TestApp;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'subapps/admin'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const file = path.join(dist, 'assets/list-Ab12_x-Z.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, gzipSync(script));
    // Too small to be worth compressing: the build leaves no compressed forms.
    fs.writeFileSync(path.join(dist, 'assets/tiny-Cd34_y-W.js'), 'export {};\n');
    fs.writeFileSync(path.join(dist, 'subapps/admin/config.json'), '{"entry":"admin.js"}');
    t = await createTestApp({ DIST_DIR: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a script brotli-compressed to a browser that accepts it, gzip to one that takes only gzip', async () => {
    const br = await get('/assets/list-Ab12_x-Z.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);

    const gz = await get('/assets/list-Ab12_x-Z.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding, or when there is no compressed form', async () => {
    const plain = await get('/assets/list-Ab12_x-Z.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const tiny = await get('/assets/tiny-Cd34_y-W.js', 'gzip, deflate, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the pages and the sub-apps’ config', async () => {
    const page = await get('/admin/marketing/couponList', 'gzip, deflate, br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const config = await get('/subapps/admin/config.json', 'gzip, deflate, br');
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json()).toEqual({ entry: 'admin.js' });
  });
});
