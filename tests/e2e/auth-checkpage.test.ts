import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openBrowser } from './browser';
import {
  base,
  confirmOnAuthorizePage,
  employee,
  expect,
  freshPage,
  gotoWithToast,
  passwordLogin,
  pathOf,
  readStorage,
  signInToHome,
  toast,
  visits,
} from './auth-helpers';

/** The personal centre's security tab, then the messaging-app bind or unbind dialog through the demo provider. */
async function scanInUserCenter(page: Page, action: '绑定微信' | '解绑微信', label: string) {
  await page.goto(`${base()}/userCenter`);
  await page.getByRole('tab', { name: '账号安全' }).click();
  await page.getByRole('button', { name: action }).click();
  await page.locator('.ant-modal [data-testid="wechat-qr"] svg').first().waitFor();
  const back = visits(page, '/userCenter');
  await confirmOnAuthorizePage(page, label);
  await back;
}

// Issue 3 / SPEC 2.5, 8: /checkPage for every actType, the messaging-app QR flows and their failures.
describe('/checkPage and the messaging-app QR flows in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('actType 5 binds, 1 logs in by QR, 6 unbinds (results go to /userCenter)', async () => {
    const account = employee(102);
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, account);
    await scanInUserCenter(page, '绑定微信', account);
    await toast(page, '绑定成功');
    await page.getByRole('tab', { name: '账号安全' }).click();
    await page.getByRole('button', { name: '解绑微信' }).waitFor();

    // QR login in a browser that is signed out.
    const other = await freshPage(browser);
    await other.page.goto(`${base()}/login`);
    await other.page.getByRole('link', { name: '扫码登录' }).click();
    await other.page.locator('[data-testid="wechat-qr"] svg').first().waitFor();
    const arrived = visits(other.page, '/chooseProject');
    await confirmOnAuthorizePage(other.page, account);
    await arrived;
    expect((await readStorage(other.page)).profile).toMatchObject({ employeeNumber: account });

    // The QR login replaced the first session: unbind in the second browser.
    await scanInUserCenter(other.page, '解绑微信', account);
    await toast(other.page, '操作成功');
    await other.page.getByRole('tab', { name: '账号安全' }).click();
    await other.page.getByRole('button', { name: '绑定微信' }).waitFor();
    await other.context.close();
    await context.close();
  });

  it('actType 1 with an identity bound to no account: the card with the message; close goes to /', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/login?mode=qr`);
    await page.locator('[data-testid="wechat-qr"] svg').first().waitFor();
    await confirmOnAuthorizePage(page, '未绑定任何账号');
    await page.waitForURL('**/checkPage?**');
    await page.getByText('该微信未绑定账号，请使用账号密码登录后在个人中心绑定').waitFor();
    const login = visits(page, '/login');
    await page.locator('.ant-result').getByRole('button').click();
    await login;
    await context.close();
  });

  it('a used or made-up messaging-app code and a bad auth code are shown on the card', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/checkPage?code=made-up&state=abc_1`);
    await page.getByText('二维码已失效，请重新扫码').waitFor();
    await page.goto(`${base()}/checkPage?authCode=not-a-code`);
    await page.getByText('授权码无效或已过期').waitFor();
    await page.goto(`${base()}/checkPage`);
    await page.getByText('跳转参数错误').waitFor();
    await page.getByLabel('关闭').click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('actType 4: the identity check by scan replaces to /chooseProject; a failed one stays on the card', async () => {
    const { context, page } = await freshPage(browser);
    // risk001 binds a messaging account first (allowed before the identity check).
    await passwordLogin(page, 'risk001', undefined, '/verificationAbnormal');
    await scanInUserCenter(page, '绑定微信', 'risk001');
    await toast(page, '绑定成功');

    await passwordLogin(page, 'risk001', undefined, '/verificationAbnormal');
    await page.goto(`${base()}/checkPage?code=made-up&state=abc_4`);
    await page.getByText('二维码已失效，请重新扫码').waitFor();

    await passwordLogin(page, 'risk001', undefined, '/verificationAbnormal');
    await page.getByRole('tab', { name: '微信扫码验证' }).click();
    await page.locator('[data-testid="wechat-qr"] svg').first().waitFor();
    const next = visits(page, '/chooseProject');
    await confirmOnAuthorizePage(page, 'risk001');
    await next;
    expect(page.url()).not.toContain('checkPage');
    // The check passed for this session: the store choice is allowed now.
    const home = visits(page, '/home');
    await page.locator('[data-system="300"]').click();
    await home;
    await context.close();
  });

  it('actType 2 and 3 go to /personalCenter, 5 and 6 to /userCenter, after the error toast', async () => {
    const { context, page } = await freshPage(browser);
    await signInToHome(page, employee(112));
    for (const [query, path] of [
      ['code=made-up&state=abc_2', '/personalCenter'],
      ['code=made-up&actType=3', '/personalCenter'],
      ['code=made-up&state=abc_5', '/userCenter'],
      ['code=made-up&state=x_y_6', '/userCenter'],
    ] as const) {
      const arrived = visits(page, path);
      await gotoWithToast(page, `${base()}/checkPage?${query}`, '二维码已失效，请重新扫码');
      await arrived;
      await page.getByText('基本资料').waitFor();
      expect(pathOf(page)).toBe(path);
    }
    await context.close();
  });
});
