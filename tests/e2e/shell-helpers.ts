import { constants, createHash, publicEncrypt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleContext } from './browser';
import { laneURL } from './lane';

/**
 * Shared steps of tests/e2e/shell-*.test.ts (issue 4). Sign-in goes through the real endpoints
 * (login, orgList, chooseStore) from the test, then the browser gets the token and profile exactly as
 * the sign-in pages store them (cookie + sessionStorage token, localStorage profile and menus).
 */
export const base = () => laneURL();
const PASSWORD = 'Fresh#2026';

interface ClientConfig {
  signSecret: string;
  publicKey: string;
}

let config: Promise<ClientConfig> | undefined;
const clientConfig = () =>
  (config ??= fetch(`${base()}/api/v1/common/clientConfig`)
    .then((r) => r.json())
    .then((body: { data: ClientConfig }) => body.data));

/** A signed call (SPEC 7), as the browser's request layer makes it. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const { signSecret } = await clientConfig();
  const timestamp = String(Date.now());
  const signature = createHash('sha256')
    .update(signSecret + timestamp + (token ?? ''))
    .digest('hex');
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: {
      timestamp,
      signature,
      ...(token ? { token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { result: { success: boolean; msg: string }; data: T };
  if (!envelope.result.success) throw new Error(`${path}: ${envelope.result.msg}`);
  return envelope.data;
}

export interface Session {
  token: string;
  profile: {
    permissions: {
      id: number;
      parentId: number | null;
      name: string;
      uri: string | null;
      menuClass: number;
      app: string;
    }[];
  } & Record<string, unknown>;
}

/** Password login, then the first organisation (headquarters for hq001), through the real endpoints. */
export async function signIn(account: string): Promise<Session> {
  const { publicKey } = await clientConfig();
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(PASSWORD),
  ).toString('base64');
  const login = await call<{ token: string }>('POST', '/api/v1/auth/login', {
    accountType: 1,
    account,
    password,
    encryptModel: 2,
  });
  const orgs = await call<{ orgId: number; refObjType: number }[]>(
    'POST',
    '/api/v1/auth/orgList',
    {},
    login.token,
  );
  const org = orgs[0]!;
  const profile = await call<Session['profile']>(
    'POST',
    '/api/v1/auth/chooseStore',
    { systemId: 300, orgId: org.orgId, refObjType: org.refObjType },
    login.token,
  );
  return { token: login.token, profile };
}

/**
 * A context signed in as `account` and nothing else (see consoleContext in ./browser), on `path`
 * (default /home).
 * `allGroupsOpen` stores the sidebar cookie with every menu group open, so every page of the menu can
 * be clicked at once.
 */
export async function openConsole(
  browser: Browser,
  account: string,
  path = '/home',
  options: { allGroupsOpen?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; session: Session }> {
  const session = await signIn(account);
  const { context, page, parked } = await consoleContext(browser);
  // A same-origin file that is not the app: the storages can be filled before the app first runs.
  if (!parked) await page.goto(`${base()}/favicon.svg`);
  const groups = options.allGroupsOpen
    ? session.profile.permissions.filter((p) => p.menuClass === 1).map((p) => String(p.id))
    : [];
  await page.evaluate(
    ({ token, profile, groups }) => {
      localStorage.clear();
      sessionStorage.clear();
      document.cookie = `token=${encodeURIComponent(token)}; path=/; SameSite=Strict`;
      if (groups.length > 0) {
        document.cookie = `sidebar=${encodeURIComponent(JSON.stringify({ collapsed: false, openKeys: groups }))}; path=/`;
      }
      sessionStorage.setItem('token', token);
      localStorage.setItem('profile', JSON.stringify(profile));
      localStorage.setItem('menus', JSON.stringify(profile.permissions));
    },
    { ...session, groups },
  );
  await page.goto(`${base()}${path}`);
  return { context, page, session };
}

/** The sub-app roots on the page (exactly one while a sub-app is shown). */
export const subAppRoots = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-subapp]')].map((e) => e.getAttribute('data-subapp')),
  );

/** Waits until the named sub-app is mounted and shows `path`. */
export async function waitForApp(page: Page, app: 'admin' | 'dacang', path?: string) {
  await page.locator(`[data-subapp="${app}"]`).waitFor();
  if (path) await page.waitForURL((url) => url.pathname === path);
}

/** The titles of the tab bar, in order. */
export const tabTitles = (page: Page) =>
  page.locator('[data-tab-path]').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

/** The paths of the tab bar, in order. */
export const tabPaths = (page: Page) =>
  page.locator('[data-tab-path]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab-path') ?? ''));

/** Clicks a sidebar page by its name (opening groups as needed is the test's business). */
export const menuItem = (page: Page, name: string) =>
  page.locator('[data-menu-root]').getByRole('menuitem', { name, exact: true });

/** The pages of the sidebar menu, by name, in menu order. */
export const menuPageNames = (session: Session) =>
  session.profile.permissions.filter((p) => p.menuClass === 2).map((p) => p.name);

/** Right-clicks a tab and chooses a context-menu action. */
export async function tabAction(page: Page, path: string, action: string) {
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' });
  await page.locator(`[data-tab-path="${path}"]`).click({ button: 'right' });
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-title-content').filter({
    hasText: new RegExp(`^${action}$`),
  });
  await item.click();
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' });
}

/** The first-level menu groups of a profile, in menu order. */
export const topGroupNames = (session: Session) =>
  session.profile.permissions.filter((p) => p.parentId === null).map((p) => p.name);

/**
 * Opens the user menu (a hover dropdown) and returns it. The header re-renders when the user's
 * preferences arrive after sign-in (a language switch remounts the trigger), which can swallow a
 * single hover: hover again, from outside the trigger, until the dropdown shows.
 */
export async function openUserMenu(page: Page) {
  const menu = page.locator('.ant-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(0, 0);
    await page.locator('[data-user-menu]').hover();
    try {
      await menu.waitFor({ timeout: 3000 });
      return menu;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
}
