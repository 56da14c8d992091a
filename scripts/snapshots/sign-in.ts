import { constants, createHash, publicEncrypt } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

/**
 * Signs a demo account in through the real API, as the login page does (DESIGN.md 3: RSA-OAEP
 * SHA-256 password, signed calls, then the organisation choice), and hands the browser the token and
 * profile the way src/runtime/session keeps them. Used by the QA snapshots and the renderer e2e tests.
 */
export const DEMO_PASSWORD = 'Fresh#2026';

export interface SignedIn {
  token: string;
  /** The installation's request-signing secret (GET /api/v1/common/clientConfig). */
  signSecret: string;
  profile: Record<string, unknown> & { permissions?: unknown[] };
}

interface Envelope<T> {
  result: { success: boolean; code: string; msg: string };
  data: T;
}

function signed(secret: string, token?: string): Record<string, string> {
  const timestamp = String(Date.now());
  const signature = createHash('sha256')
    .update(secret + timestamp + (token ?? ''))
    .digest('hex');
  return { timestamp, signature, ...(token ? { token } : {}) };
}

async function call<T>(
  baseURL: string,
  secret: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed(secret, token) },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.result?.success) throw new Error(`${path}: ${env.result?.code} ${env.result?.msg}`);
  return env.data;
}

export async function signIn(baseURL: string, account: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const config = (await (await fetch(`${baseURL}/api/v1/common/clientConfig`)).json()) as Envelope<{
    signSecret: string;
    publicKey: string;
  }>;
  const { signSecret, publicKey } = config.data;
  const encrypted = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const login = await call<{ token: string }>(baseURL, signSecret, '/api/v1/auth/login', {
    accountType: 1,
    account,
    password: encrypted,
    encryptModel: 2,
    appCode: '10004',
    systemId: 300,
    browserName: 'Chrome 120',
    deviceSystemType: 'PC',
    deviceSystemName: 'Linux',
  });
  const token = login.token;
  await call(baseURL, signSecret, '/api/v1/auth/navigation', { accountType: 1 }, token);
  const orgs = await call<{ orgId: number; refObjType: number }[]>(
    baseURL,
    signSecret,
    '/api/v1/auth/orgList',
    {},
    token,
  );
  const org = orgs[0];
  if (!org) throw new Error(`${account} has no organisation`);
  const profile = await call<SignedIn['profile']>(
    baseURL,
    signSecret,
    '/api/v1/auth/chooseStore',
    { systemId: 300, orgId: org.orgId, refObjType: org.refObjType },
    token,
  );
  return { token, signSecret, profile };
}

/**
 * A signed call as the signed-in user (a POST of `body`, or a GET when `body` is undefined), answering
 * the HTTP status and the envelope as they came.
 */
export async function apiCall(
  baseURL: string,
  session: SignedIn,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<unknown> }> {
  const headers = signed(session.signSecret, session.token);
  const res = await fetch(
    `${baseURL}${path}`,
    body === undefined
      ? { headers }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        },
  );
  return { status: res.status, body: (await res.json()) as Envelope<unknown> };
}

/** Puts the session into a browser context before any page script runs (token: cookie + session storage). */
export async function installSession(
  context: BrowserContext,
  baseURL: string,
  session: SignedIn,
): Promise<void> {
  await context.addCookies([{ name: 'token', value: session.token, url: baseURL }]);
  await context.addInitScript(
    ({ origin, token, profile }) => {
      // Also runs in about:blank and other origins (popups, print frames), whose storage is not ours.
      if (location.origin !== origin) return;
      sessionStorage.setItem('token', token);
      localStorage.setItem('profile', JSON.stringify(profile));
      localStorage.setItem('menus', JSON.stringify(profile.permissions ?? []));
    },
    { origin: new URL(baseURL).origin, token: session.token, profile: session.profile },
  );
}
