import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { base, openConsole, waitForApp } from './shell-helpers';

const NEW_VERSION = '新版本已发布，是否立即刷新以更新？';

// Issue 4 / SPEC 8: chunk-load failure and a missing sub-app config.
describe('loading failures', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('a sub-app page whose chunk is gone asks to reload; OK reloads', async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/favicon.svg');
    // A new release removed the old home chunk: its URL answers 404.
    await page.route(/\/assets\/AdminHome-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${base()}/home`);
    await waitForApp(page, 'admin', '/admin/home');
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: NEW_VERSION });
    await dialog.waitFor();
    await page.locator('[data-subapp]').getByText('页面加载失败').waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);

    // The release is there now: OK reloads the page, which works.
    await page.unroute(/\/assets\/AdminHome-[^/]+\.js$/);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await reloaded;
    await page.locator('[data-todo]').first().waitFor();
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await context.close();
  });

  it('a host page whose chunk is gone asks to reload too', async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/favicon.svg');
    await page.route(/\/assets\/NotFoundPage-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(`${base()}/no/such/page`);
    await page.locator('.ant-modal-confirm').filter({ hasText: NEW_VERSION }).waitFor();
    await context.close();
  });

  it("a sub-app without its config: '未找到子应用配置', nothing mounted; the next navigation tries again", async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/favicon.svg');
    await page.route('**/subapps/dacang/config.json', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${base()}/dacang/home`);
    await page.locator('.ant-message-notice').filter({ hasText: '未找到子应用配置' }).waitFor();
    expect(await page.locator('[data-subapp]').count()).toBe(0);
    await page.unroute('**/subapps/dacang/config.json');
    await page.locator('[data-tab-path="/admin/home"]').click();
    await waitForApp(page, 'admin', '/admin/home');
    await page.locator('[data-tab-path="/dacang/home"]').click();
    await waitForApp(page, 'dacang', '/dacang/home');
    await context.close();
  });
});

// The real build as the real server sends it: the host's entry script and stylesheet, and the admin
// sub-app's entry, each compressed at build (vite.config.ts) and sent in the form the browser accepts
// (server/plugins/static.ts; tests/server/static-files.test.ts drives the negotiation itself).
describe('the build as sent', () => {
  it('sends the entry scripts and styles brotli-compressed, or gzip-compressed, as the browser accepts', async () => {
    const html = await (await fetch(`${base()}/`)).text();
    const config = (await (await fetch(`${base()}/subapps/admin/config.json`)).json()) as { entry: string };
    const files = [
      ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
      new URL(config.entry, `${base()}/subapps/admin/`).pathname,
    ];
    expect(files.some((f) => f.endsWith('.css'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
    let compressed = 0;
    for (const file of files) {
      const as = async (encoding: string) => {
        // Node's fetch decodes what it receives; the header says how it was sent.
        const res = await fetch(`${base()}${file}`, { headers: { 'accept-encoding': encoding } });
        return { encoding: res.headers.get('content-encoding'), text: await res.text() };
      };
      const [br, gzip, plain] = await Promise.all([as('gzip, deflate, br'), as('gzip'), as('identity')]);
      // The build leaves files of 1 KB or less as they are.
      const small = Buffer.byteLength(plain.text) <= 1024;
      expect([file, br.encoding, gzip.encoding, plain.encoding]).toEqual(
        small ? [file, null, null, null] : [file, 'br', 'gzip', null],
      );
      expect(br.text).toBe(plain.text);
      expect(gzip.text).toBe(plain.text);
      if (!small) compressed++;
    }
    expect(compressed).toBeGreaterThanOrEqual(files.length - 3);
  });
});
