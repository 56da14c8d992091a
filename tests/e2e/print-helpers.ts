import type { Browser, BrowserContext, Page } from 'playwright-core';
import { installSession } from '../../scripts/snapshots/sign-in';
import { encryptForLogin, signHeaders } from '../fixtures/app';

/**
 * Shared steps of tests/e2e/print-*.test.ts (issue 8): a signed-in browser context (real login and
 * store choice through the API, token and profile stored as src/runtime/session does), opening a print
 * route and waiting until it is ready for paper, and printing it to PDF through Chromium.
 */
interface Envelope<T> {
  result: { success: boolean; code: string; msg: string };
  data: T;
}

export interface PrintSession {
  context: BrowserContext;
  token: string;
  /** A signed call as this user: the envelope's data; throws with the server's message on failure. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

async function signedCall<T>(
  baseURL: string,
  secret: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...signHeaders(secret, token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.result?.success) throw new Error(`${path}: ${env.result?.code} ${env.result?.msg}`);
  return env.data;
}

/**
 * Signs in through the real endpoints: the public key and signing secret from clientConfig, the
 * password RSA-OAEP encrypted (login), the first organisation (orgList, chooseStore). The browser
 * context then holds the token in its cookie and session storage and the profile and menus in local
 * storage, before any page script runs.
 */
export async function printSession(
  browser: Browser,
  baseURL: string,
  account: string,
): Promise<PrintSession> {
  const config = await (await fetch(`${baseURL}/api/v1/common/clientConfig`)).json();
  const { signSecret, publicKey } = (config as Envelope<{ signSecret: string; publicKey: string }>).data;
  const login = await signedCall<{ token: string }>(baseURL, signSecret, 'POST', '/api/v1/auth/login', {
    accountType: 1,
    account,
    password: encryptForLogin(publicKey, 'Fresh#2026'),
    encryptModel: 2,
  });
  const { token } = login;
  const orgs = await signedCall<{ orgId: number; refObjType: number }[]>(
    baseURL,
    signSecret,
    'POST',
    '/api/v1/auth/orgList',
    {},
    token,
  );
  const org = orgs[0]!;
  const profile = await signedCall<{ permissions?: unknown[] }>(
    baseURL,
    signSecret,
    'POST',
    '/api/v1/auth/chooseStore',
    { systemId: 300, orgId: org.orgId, refObjType: org.refObjType },
    token,
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
  await installSession(context, baseURL, { token, signSecret, profile });
  return {
    context,
    token,
    call: (method, path, body) => signedCall(baseURL, signSecret, method, path, body, token),
  };
}

/**
 * Fills a storage of the origin (as a list page would) before the print page first runs: a same-origin
 * file that is not the app is opened in the same tab, so session storage carries over to the route.
 */
export async function fillStorage(
  page: Page,
  baseURL: string,
  storage: 'sessionStorage' | 'localStorage',
  entries: Record<string, unknown>,
) {
  await page.goto(`${baseURL}/favicon.svg`);
  await page.evaluate(
    ({ storage, entries }) => {
      for (const [key, value] of Object.entries(entries)) {
        window[storage].setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
    },
    { storage, entries },
  );
}

/** Opens a print route and waits until it shows a document ready for paper, or its message. */
export async function openPrint(page: Page, baseURL: string, path: string): Promise<'ready' | 'missing'> {
  await page.goto(`${baseURL}${path}`);
  const done = page.locator('.pr-root[data-print-ready="true"], .pr-root[data-print-state="missing"]');
  await done.first().waitFor({ timeout: 30_000 });
  return (await page.locator('.pr-root').getAttribute('data-print-state')) as 'ready' | 'missing';
}

/** The page printed by Chromium: A4, the document's own @page margins (print.css). */
export async function printPdf(page: Page): Promise<Buffer> {
  return page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
}

/** The message a print page shows instead of a document. */
export const messageOf = (page: Page) =>
  page.locator('.pr-message').evaluate((el) => el.firstChild?.textContent ?? '');
