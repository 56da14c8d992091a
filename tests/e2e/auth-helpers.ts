import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { laneURL } from './lane';

/**
 * Shared steps of tests/e2e/auth-*.test.ts (issue 3). The e2e server is shared by every e2e file of a
 * run, so each test signs in with its own account (generated employees e001xx, phone 139100001xx) and
 * never changes the demo accounts' passwords.
 */
export const PASSWORD = 'Fresh#2026';
export const base = () => laneURL();

/** Phone of generated employee eNNNNN (server/db/seed/accounts.ts generatedAccounts). */
export const employeePhone = (n: number) => `139${String(10000000 + n).slice(-8)}`;
export const employee = (n: number) => `e${String(n).padStart(5, '0')}`;

let secret: Promise<string> | undefined;

/** A signed API call from the test itself (SPEC 7 signature without a token). */
export async function apiGet<T>(
  path: string,
): Promise<{ result: { success: boolean; msg: string }; data: T }> {
  secret ??= fetch(`${base()}/api/v1/common/clientConfig`)
    .then((r) => r.json())
    .then((body: { data: { signSecret: string } }) => body.data.signSecret);
  const timestamp = String(Date.now());
  const signature = createHash('sha256')
    .update((await secret) + timestamp)
    .digest('hex');
  const res = await fetch(`${base()}${path}`, { headers: { timestamp, signature } });
  return res.json();
}

/** The latest demo SMS code sent to a phone (GET /api/dev/sms, demo mode only). */
export async function smsCode(phone: string, after?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const body = await apiGet<{ code: string } | null>(`/api/dev/sms?phone=${phone}`);
    const code = body.data?.code;
    if (code && code !== after) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS code for ${phone}`);
}

/** A fresh browser context (own cookies and storages) and a page in it. */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

/** The path of a page's URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Resolves when the page has been at `path` (even if it moved on: until the /home layout exists, /home
 * falls through to /404). Register before the action that navigates.
 */
export function visits(page: Page, path: string, timeout = 20_000): Promise<string> {
  const arrival = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('framenavigated', onNavigated);
      reject(new Error(`never reached ${path}; at ${page.url()}`));
    }, timeout);
    const onNavigated = (frame: import('playwright-core').Frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (url.pathname === path) {
        clearTimeout(timer);
        page.off('framenavigated', onNavigated);
        resolve(url.href);
      }
    };
    page.on('framenavigated', onNavigated);
  });
  // A test that fails before awaiting it must not leave an unhandled rejection behind.
  arrival.catch(() => undefined);
  return arrival;
}

/** The password form of /login, filled and submitted. */
export async function submitPassword(page: Page, account: string, password = PASSWORD) {
  await page.getByPlaceholder('请输入您的账号').fill(account);
  await page.getByPlaceholder('请输入您的登录密码').fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** Opens /login and signs in with a password; resolves once the next page (default /chooseProject) is open. */
export async function passwordLogin(
  page: Page,
  account: string,
  password = PASSWORD,
  next = '/chooseProject',
) {
  await page.goto(`${base()}/login`);
  const arrived = visits(page, next);
  await submitPassword(page, account, password);
  await arrived;
}

/**
 * Signs in and enters the console: subsystem 300, then the organisation (accounts holding one enter it
 * automatically; otherwise `org` names the one to pick). Ends on the landing page /home leads to, with
 * a complete profile: a test that then edits the storages must not race that last path change, on
 * which the guard decides again (a mismatched token seen there signs the old page out first).
 */
export async function signInToHome(page: Page, account: string, org?: string) {
  await passwordLogin(page, account);
  const home = visits(page, '/home');
  await page.locator('[data-system="300"]').click();
  if (org) {
    await page.getByRole('radio', { name: new RegExp(org) }).check();
    await page.getByRole('button', { name: /进入系统/ }).click();
  }
  await home;
  await page.waitForURL((url) => url.pathname !== '/home', { waitUntil: 'commit' });
}

/** A visible toast (antd message) with exactly this text. */
export async function toast(page: Page, text: string) {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

/**
 * Opens `url` and waits for the toast the page shows as it loads. Watched from before the navigation:
 * a toast lasts 3 s, and on a loaded machine the page's load event (where goto returns) can come later.
 */
export async function gotoWithToast(page: Page, url: string, text: string) {
  const shown = toast(page, text);
  await page.goto(url);
  await shown;
}

/** A form error under a field, exactly this text. */
export async function fieldError(page: Page, text: string) {
  await page
    .locator('.ant-form-item-explain-error')
    .filter({ hasText: new RegExp(`^${escape(text)}$`) })
    .first()
    .waitFor();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Drags the recovery slider's knob by `distance` px over about `ms` milliseconds. */
export async function dragSlider(page: Page, distance: number, ms = 600) {
  // The knob ignores a press until the page has its challenge from the server (data-state 'loading'):
  // on a loaded machine that answer can come after the page looks ready, and a lost drag never passes.
  await page.locator('[data-testid="slider"][data-state="idle"]').waitFor();
  const knob = page.getByTestId('slider-knob');
  // hover() waits until the knob stands still (it glides back after a short drag).
  await knob.hover();
  const box = (await knob.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x + (distance * i) / steps, y);
    await page.waitForTimeout(ms / steps);
  }
  await page.mouse.up();
}

/** Follows the demo messaging-app authorize page: picks the identity whose label contains `label`. */
export async function confirmOnAuthorizePage(page: Page, label: string) {
  await page.getByText('演示模式：在本机打开微信授权页').click();
  await page.waitForURL('**/dev/wechat/authorize**');
  await page.locator('a.btn').filter({ hasText: label }).first().click();
}

export async function readStorage(page: Page) {
  return page.evaluate(() => ({
    profile: JSON.parse(localStorage.getItem('profile') ?? 'null'),
    menus: JSON.parse(localStorage.getItem('menus') ?? 'null'),
    sessionToken: sessionStorage.getItem('token'),
    cookie: document.cookie,
  }));
}

export { expect };
