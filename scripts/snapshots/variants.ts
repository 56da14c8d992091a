import type { Browser, Page } from 'playwright-core';
import { apiCall, installSession, type SignedIn } from './sign-in';

/**
 * QA snapshots of the pages that look different in the dark theme or in English (issue 20.5, 20.6),
 * beside the Chinese light ones: `<app or host>/<page>.<dark|en-US>.dom.txt` and `.png`. The user's
 * choice is set the way the console keeps it: on the server for the signed-in shell (which reads it at
 * load), in the local copy for pages without the shell (sign-in, the schema harness).
 */
export interface Variant {
  /** Snapshot file name without extension, relative to tests/snapshots. */
  file: string;
  path: string;
  prefs: { theme?: 'dark'; language?: 'en-US' };
  /** What the DOM snapshot covers; the PNG is the whole window. */
  root: 'page' | 'shell' | 'harness';
  signedIn: boolean;
}

export const VARIANTS: Variant[] = [
  { file: 'host/login.en-US', path: '/login', prefs: { language: 'en-US' }, root: 'page', signedIn: false },
  { file: 'host/home.dark', path: '/admin/home', prefs: { theme: 'dark' }, root: 'shell', signedIn: true },
  {
    file: 'host/home.en-US',
    path: '/admin/home',
    prefs: { language: 'en-US' },
    root: 'shell',
    signedIn: true,
  },
  // The system monitoring pages of issue 20 (online users, the logs, the dictionary) in both.
  ...['onlineUserList', 'operationLogList', 'loginLogList', 'dictionaryList'].flatMap((name): Variant[] => [
    {
      file: `admin/${name}.dark`,
      path: `/__schema/admin/${name}`,
      prefs: { theme: 'dark' },
      root: 'harness',
      signedIn: true,
    },
    {
      file: `admin/${name}.en-US`,
      path: `/__schema/admin/${name}`,
      prefs: { language: 'en-US' },
      root: 'harness',
      signedIn: true,
    },
  ]),
  {
    file: 'admin/userList.dark',
    path: '/__schema/admin/userList',
    prefs: { theme: 'dark' },
    root: 'harness',
    signedIn: true,
  },
  {
    file: 'admin/userList.en-US',
    path: '/__schema/admin/userList',
    prefs: { language: 'en-US' },
    root: 'harness',
    signedIn: true,
  },
];

const SAVE = '/gateApi/user/smm/user/web/savePreferences';
const DEFAULTS = { theme: 'light', language: 'zh-CN' } as const;

/**
 * Opens a variant in a context of its own and answers the page, settled. The home page's own content
 * (greeting, today's date, counters) changes by the hour: its DOM snapshot is the shell around it
 * (sidebar, header, tab bar), where the theme and language show.
 */
export async function openVariant(
  browser: Browser,
  baseURL: string,
  session: SignedIn,
  variant: Variant,
  contextOptions: Parameters<Browser['newContext']>[0],
  settle: (page: Page) => Promise<void>,
): Promise<{ page: Page; root: string; close: () => Promise<void> }> {
  const prefs = { ...DEFAULTS, ...variant.prefs };
  await apiCall(baseURL, session, SAVE, prefs);
  const context = await browser.newContext(contextOptions);
  if (variant.signedIn) await installSession(context, baseURL, session);
  await context.addInitScript(
    ({ origin, prefs }) => {
      if (location.origin === origin) localStorage.setItem('preferences', JSON.stringify(prefs));
    },
    { origin: new URL(baseURL).origin, prefs },
  );
  const page = await context.newPage();
  await page.goto(`${baseURL}${variant.path}`);
  if (variant.root === 'harness') await settle(page);
  else {
    await page
      .locator(variant.root === 'shell' ? '[data-subapp="admin"] *' : 'form')
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, {
      timeout: 60_000,
    });
  }
  const root =
    variant.root === 'harness'
      ? `document.querySelector('[data-harness]')`
      : variant.root === 'shell'
        ? `(() => { const d = document.createElement('div'); for (const el of [document.querySelector('aside.ant-layout-sider'), document.querySelector('header.ant-layout-header'), document.querySelector('[data-tab-path]').closest('.ant-tabs')]) d.append(el.cloneNode(true)); return d; })()`
        : `document.querySelector('#root')`;
  return {
    page,
    root,
    close: async () => {
      await context.close();
      await apiCall(baseURL, session, SAVE, DEFAULTS);
    },
  };
}
