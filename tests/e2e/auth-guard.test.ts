import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openBrowser } from './browser';
import {
  base,
  employee,
  expect,
  freshPage,
  gotoWithToast,
  passwordLogin,
  pathOf,
  readStorage,
  signInToHome,
  visits,
} from './auth-helpers';

const GUARD_FAILED = '身份验证失败，请重新登录！';

// Issue 3 / SPEC 4 'Route guard', 'Session loss', 8 W0013: the guard around /personalCenter and single sign-on.
describe('route guard and session loss in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('a signed-out visitor of a guarded page goes to /login; no-auth pages stay open', async () => {
    const { context, page } = await freshPage(browser);
    const login = visits(page, '/login');
    await page.goto(`${base()}/personalCenter`);
    await login;
    await page.getByPlaceholder('请输入您的账号').waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    for (const path of ['/retrieve', '/verificationPhone', '/404']) {
      await page.goto(`${base()}${path}`);
      await page.waitForTimeout(300);
      expect(pathOf(page)).toBe(path);
    }
    await context.close();
  });

  it('a token the server does not know: the error, the token reset, the tabs cleared, /login', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/login`);
    await page.evaluate(() => {
      sessionStorage.setItem('token', 'f'.repeat(64));
      document.cookie = `token=${'f'.repeat(64)}; path=/`;
      localStorage.setItem('tabs', '[{"path":"/admin/home"}]');
    });
    const login = visits(page, '/login');
    await gotoWithToast(page, `${base()}/personalCenter`, GUARD_FAILED);
    await login;
    const stored = await readStorage(page);
    expect(stored.sessionToken).toBeNull();
    expect(stored.cookie).not.toContain('token=');
    expect(await page.evaluate(() => localStorage.getItem('tabs'))).toBeNull();
    await context.close();
  });

  it('a missing user is recovered from the server', async () => {
    const { context, page } = await freshPage(browser);
    await signInToHome(page, employee(110));
    const before = (await readStorage(page)).profile;
    await page.evaluate(() => {
      localStorage.removeItem('profile');
      localStorage.removeItem('menus');
    });
    await page.goto(`${base()}/personalCenter`);
    await page.getByText('基本资料').waitFor();
    const after = await readStorage(page);
    expect(after.profile).toEqual(before);
    expect(after.menus).toEqual(before.permissions);
    expect(pathOf(page)).toBe('/personalCenter');
    await context.close();
  });

  it('a profile without organisation (login only) cannot be recovered: the error and /login', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, employee(110));
    const login = visits(page, '/login');
    await gotoWithToast(page, `${base()}/personalCenter`, GUARD_FAILED);
    await login;
    await context.close();
  });

  it('a stored token differing from the session token is invalid', async () => {
    const { context, page } = await freshPage(browser);
    await signInToHome(page, employee(110));
    await page.evaluate(() => {
      document.cookie = `token=${'a'.repeat(64)}; path=/`;
    });
    const login = visits(page, '/login');
    await gotoWithToast(page, `${base()}/personalCenter`, GUARD_FAILED);
    await login;
    await context.close();
  });

  it('W0013: after a second login elsewhere, the first browser shows 提示 and goes to /login on confirm', async () => {
    const account = employee(109);
    const first = await freshPage(browser);
    await passwordLogin(first.page, account);
    const second = await freshPage(browser);
    await passwordLogin(second.page, account);

    await first.page.reload();
    const box = first.page.locator('.ant-modal-confirm');
    await box.locator('.ant-modal-confirm-title', { hasText: '提示' }).waitFor();
    await box.getByText('您当前的账号已在其它位置登录').waitFor();
    expect(pathOf(first.page)).toBe('/chooseProject');
    const login = visits(first.page, '/login');
    await box.getByRole('button', { name: /确\s*定/ }).click();
    await login;
    expect((await readStorage(first.page)).sessionToken).toBeNull();
    // The newer session is untouched.
    await second.page.reload();
    await second.page.locator('[data-system="300"]').waitFor();
    await first.context.close();
    await second.context.close();
  });
});
