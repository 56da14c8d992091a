import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, installSession, signIn } from '../../scripts/snapshots/sign-in';
import { openInApp } from '../fixtures/open-in-app';
import { openBrowser } from './browser';
import {
  closeOtherTabs,
  COLOUR_RULES,
  type Finding,
  PAGE_SCOPE,
  schemaPagePaths,
  seriousViolations,
  settle,
  summaryLine,
} from './a11y-helpers';
import { submitPassword, visits } from './auth-helpers';
import { call } from './shell-helpers';
import { openUserMenu } from './shell-helpers';
import { laneURL } from './lane';

// Issue 20.7: every schema page and every host page checked with axe-core in Chromium on the real
// server, 0 serious or critical violations; the run prints how many each page had. The sign-in pages
// as a visitor, the sign-in flow and the security checks as the accounts that meet them, every schema
// page (its menu path, in the layout) and the home pages, the personal centre and print pages as hq001.
// The home pages are checked whole, shell included; a schema page where it differs (PAGE_SCOPE).
// Keyboard use of forms: tests/e2e/keyboard.test.ts.
const baseURL = laneURL();
const VIEWPORT = { width: 1440, height: 900 };
const summary: string[] = [];

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  console.log(`axe-core: serious and critical violations per page\n${summary.join('\n')}`);
  await browser?.close();
});

/** A context whose pages take the axe-core script (the console's CSP allows only its own scripts). */
const newContext = () => browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', bypassCSP: true });

async function expectClean(page: Page, label: string, rules?: string[], scope?: string[]): Promise<void> {
  await settle(page);
  const findings: Finding[] = await seriousViolations(page, rules, scope);
  summary.push(summaryLine(label, findings));
  expect(findings, label).toEqual([]);
}

describe('accessibility of the sign-in pages', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext();
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it.each(['/login', '/login?mode=phone', '/retrieve', '/checkPage', '/404'])('%s', async (path) => {
    await page.goto(`${baseURL}${path}`);
    await page.locator('#root *').first().waitFor();
    await expectClean(page, path);
  });

  it('/chooseProject, /chooseMd and the home page after a real sign-in (hq001)', async () => {
    await page.goto(`${baseURL}/login`);
    const projects = visits(page, '/chooseProject');
    await submitPassword(page, 'hq001');
    await projects;
    await page.locator('[data-system="300"]').waitFor();
    await expectClean(page, '/chooseProject');
    const orgs = visits(page, '/chooseMd');
    await page.locator('[data-system="300"]').click();
    await orgs;
    await page.getByRole('radio').first().waitFor();
    await expectClean(page, '/chooseMd');
    await page.getByRole('radio').first().check();
    const home = visits(page, '/admin/home');
    await page.getByRole('button', { name: /进入系统/ }).click();
    await home;
    await page.locator('[data-home-welcome]').waitFor();
    await expectClean(page, '/admin/home');
  });

  it.each([
    ['nophone', '/verificationPhone'],
    ['risk001', '/verificationAbnormal'],
  ])('the security check of %s: %s', async (account, path) => {
    // The sign-in test binds nophone's phone on the same server: take it away again first.
    if (account === 'nophone') {
      const hq = await signIn(baseURL, 'hq001');
      const users = await call<{ list: { id: number; account: string }[] }>(
        'GET',
        '/api/manage/user/list?account=nophone',
        undefined,
        hq.token,
      );
      const id = users.list.find((u) => u.account === 'nophone')!.id;
      await call('PUT', `/api/manage/user/${String(id)}`, { phone: null }, hq.token);
    }
    await context.clearCookies();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await page.goto(`${baseURL}/login`);
    const arrived = visits(page, path);
    await submitPassword(page, account);
    await arrived;
    await page.locator('input').first().waitFor();
    await expectClean(page, path);
  });
});

describe('accessibility of every schema page and the signed-in host pages (hq001)', () => {
  let context: BrowserContext;
  let page: Page;
  let session: Awaited<ReturnType<typeof signIn>>;
  /** The colour scheme the browser reports now; the console follows it (hq001 chose 跟随系统). */
  let scheme: 'light' | 'dark' = 'light';

  // The dark theme has colours of its own (antd's dark algorithm, the dark CSS variables), so every
  // schema page and both home pages are checked in both themes: in the one in effect with every
  // rule, then, switched in place, in the other with the rules a theme can change (COLOUR_RULES: the
  // structure, names and roles are the same in both). hq001 chooses 跟随系统 in the user menu, and
  // the browser's reported colour scheme switches the theme live, as a user's system does at dusk:
  // the page is not opened twice, and the next page starts in the theme this one ended in, so each
  // page costs one switch. The choice is kept with the account, so it is set back to light
  // afterwards: the demo accounts stay light for the other files of the run.
  async function switchScheme(): Promise<void> {
    scheme = scheme === 'light' ? 'dark' : 'light';
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((want) => document.documentElement.dataset.theme === want, scheme);
  }

  /** The page's label in the summary, marked when the dark theme is in effect. */
  const themed = (label: string) => (scheme === 'light' ? label : `${label} (dark)`);

  /** `scope`: a schema page is checked where it differs from the others (PAGE_SCOPE). */
  async function expectCleanInBothThemes(label: string, scope?: string[]): Promise<void> {
    await expectClean(page, themed(label), undefined, scope);
    await switchScheme();
    await expectClean(page, themed(label), COLOUR_RULES, scope);
  }

  beforeAll(async () => {
    session = await signIn(baseURL, 'hq001');
    context = await newContext();
    await installSession(context, baseURL, session);
    page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    // One page for all of them: signed in once, the console loaded once, then each menu path opened in
    // the app (openInApp) and its tab closed again before the next (the layout keeps at most 20 tabs).
    await page.goto(`${baseURL}/admin/home`);
    await page.locator('[data-tab-path]').first().waitFor();
    await openUserMenu(page);
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /主题/ }).hover();
    await page.locator('[data-theme-choice="system"]').click();
    await page.locator('[data-home-welcome]').waitFor();
  });
  afterAll(async () => {
    const saved = await apiCall(baseURL, session, '/gateApi/user/smm/user/web/savePreferences', {
      theme: 'light',
      language: 'zh-CN',
    });
    expect(saved.body.result.success).toBe(true);
    await context?.close();
  });

  it('/admin/home', () => expectCleanInBothThemes('/admin/home'));

  it.each(schemaPagePaths())('$name ($uri)', async ({ name, uri }) => {
    await openInApp(page, uri);
    // This page's list with its first answer: rows, or the empty state.
    const list = page.locator(`.fr-list[data-page="${name}"]`);
    await list.locator('.ant-table-row, .ant-empty').first().waitFor({ timeout: 20_000 });
    await closeOtherTabs(page);
    await expectCleanInBothThemes(name, PAGE_SCOPE);
  });

  it('a schema page is checked in its content and its menu entry, not in the rest of the shell', async () => {
    await openInApp(page, '/admin/marketing/couponList');
    await page.locator('.fr-list[data-page="admin/couponList"] .ant-table-row').first().waitFor();
    await closeOtherTabs(page);
    await settle(page);
    // An image without a text alternative in each part: the page, its menu entry, the header.
    const parts = ['main .fr-list', '[data-menu-root] .ant-menu-item-selected', '.ant-layout-header'];
    await page.evaluate((selectors) => {
      for (const selector of selectors)
        document
          .querySelector(selector)!
          .insertAdjacentHTML('beforeend', '<img data-probe src="/favicon.svg" width="8" height="8">');
    }, parts);
    const count = async (scope?: string[]) =>
      (await seriousViolations(page, ['image-alt'], scope)).reduce((n, f) => n + f.count, 0);
    expect(await count(PAGE_SCOPE)).toBe(2);
    expect(await count()).toBe(3);
    await page.evaluate(() => document.querySelectorAll('[data-probe]').forEach((e) => e.remove()));
  });

  it('/dacang/home', async () => {
    await openInApp(page, '/dacang/home');
    await page.locator('[data-home-welcome]').waitFor();
    await closeOtherTabs(page);
    await expectCleanInBothThemes('/dacang/home');
  });

  it('/userCenter', async () => {
    await page.goto(`${baseURL}/userCenter`);
    await page.locator('.ant-descriptions').first().waitFor();
    await expectClean(page, themed('/userCenter'));
  });

  it('print pages: a pick order and a stock-out order', async () => {
    const list = async (path: string, body: object) =>
      ((await apiCall(baseURL, session, path, body)).body.data as { list: Record<string, unknown>[] }).list;
    const [pick] = await list('/gateApi/storageAdmin/pickOrder/web/queryPickOrderList', {
      pageNo: 1,
      pageSize: 1,
    });
    const [out] = await list('/gateApi/storageAdmin/stockOutOrder/findStockOutOrderByPage', {
      pageNo: 1,
      pageSize: 1,
    });
    // Print pages are light in either theme (paper).
    for (const path of [`/print/pickPC/${pick!.pickOrderCode}`, `/print/StockOutPrint/${out!.orderCode}`]) {
      await page.goto(`${baseURL}${path}`);
      await page.locator('.pr-root[data-print-ready="true"]').waitFor({ timeout: 30_000 });
      await expectClean(page, path.replace(/\/[^/]+$/, '/…'));
    }
  });
});
