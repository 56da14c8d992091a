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
