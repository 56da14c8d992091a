import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { menuItem, openConsole, waitForApp } from './shell-helpers';

/** Issue 20.1 and 20.3 in Chromium: hq001 forces md001 out; the dictionary searches. */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

async function search(page: Page, label: string, text: string) {
  await page.locator('.fr-search .ant-formily-item', { hasText: label }).locator('input').fill(text);
  await page
    .locator('.fr-search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

describe('online users and the data dictionary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hq001 forces md001 out; md001’s next click shows the SPEC message and the login page', async () => {
    const md = await openConsole(browser, 'md001', '/home', { allGroupsOpen: true });
    await waitForApp(md.page, 'admin');
    const target = md.session.profile.permissions.find(
      (p) => p.menuClass === 2 && p.app === 'admin' && /List$/.test(p.uri ?? ''),
    )!;
    expect(target).toBeTruthy();

    const hq = await openConsole(browser, 'hq001', '/admin/system/onlineUserList');
    await waitForApp(hq.page, 'admin', '/admin/system/onlineUserList');
    await search(hq.page, '账号', 'md001');
    await expect.poll(() => rows(hq.page).count()).toBe(1);
    await expect(rows(hq.page).first().innerText()).resolves.toContain('md001');
    await rows(hq.page).first().getByRole('button', { name: '强制下线' }).click();
    const confirm = hq.page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe(
      '强制下线后该用户需重新登录，确定强制下线吗？',
    );
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => rows(hq.page).count()).toBe(0);

    await menuItem(md.page, target.name).click();
    await md.page.getByText('身份信息已过期，请重新登录').waitFor();
    await md.page.waitForURL((url) => url.pathname === '/login');
    await md.context.close();
    await hq.context.close();
  });

  it('the dictionary lists every enumeration and searches by its name', async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/system/dictionaryList');
    await waitForApp(page, 'admin', '/admin/system/dictionaryList');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
    // The page pages through SPEC 7.9's POST /api/v1/common/dictionary/list, the search in the body.
    const listed = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/common/dictionary/list') && r.request().method() === 'POST',
    );
    await search(page, '字典编码/名称/值/文本', '账号状态');
    expect((await listed).request().postDataJSON()).toMatchObject({ keyword: '账号状态' });
    await expect
      .poll(async () => (await rows(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')).sort())
      .toEqual([
        expect.stringContaining('已停用'),
        expect.stringContaining('已开通'),
        expect.stringContaining('已离职'),
      ]);
    await context.close();
  });
});
