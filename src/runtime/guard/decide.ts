import { zhCN } from '@/i18n/zh-CN';

/**
 * The route guard as a pure function (SPEC 4 'Route guard'):
 * - pages flagged no-auth pass;
 * - with no token, only /login is allowed: other paths go to /login;
 * - a stored token that differs from the session's token is invalid (another sign-in in this browser);
 * - the user must have userId, permissions and powerControl; a missing user is recovered from the server;
 * - on failure the token is reset, the tab list is cleared, '身份验证失败，请重新登录！' is shown, and the
 *   user goes to /login.
 * Pinned by tests/unit/guard/decide.test.ts.
 */
export const LOGIN_PATH = '/login';

/** SPEC 8 writes it in English ('Identity verification failed, please log in again!'); the product shows Chinese,
 * and English in English (errors.guardFailed). */
export const GUARD_FAILED_MSG = zhCN.errors.guardFailed;

export interface GuardInput {
  /** The path being entered (no query string). */
  path: string;
  noAuthPaths: readonly string[];
  /** The token copy in the cookie, shared by every tab of the browser (the 'stored' token). */
  cookieToken: string | undefined;
  /** The token copy in this tab's session storage (the session's token). */
  sessionToken: string | undefined;
  /** The stored profile, as read from local storage (anything). */
  profile: unknown;
}

export type GuardDecision =
  /** Enter the page. */
  | { type: 'pass' }
  /** A token but no complete user: fetch the profile from the server, then decideAfterRecovery. */
  | { type: 'recover' }
  /** No token: go to /login (nothing to reset, nothing to say). */
  | { type: 'login' }
  /** Reset the token, clear the tabs, show GUARD_FAILED_MSG, go to /login. */
  | { type: 'fail'; reason: 'token-mismatch' | 'no-user' };

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();

export function isNoAuthPath(path: string, noAuthPaths: readonly string[]): boolean {
  const target = normalise(path);
  return noAuthPaths.some((p) => normalise(p) === target);
}

/**
 * A complete user: a positive userId, a non-empty permission list (a profile stored at login has none
 * yet: the permissions come with the organisation choice) and a powerControl list (which may be empty:
 * not every role has button codes).
 */
export function hasUser(profile: unknown): boolean {
  if (!profile || typeof profile !== 'object') return false;
  const p = profile as { userId?: unknown; permissions?: unknown; powerControl?: unknown };
  return (
    typeof p.userId === 'number' &&
    p.userId > 0 &&
    Array.isArray(p.permissions) &&
    p.permissions.length > 0 &&
    Array.isArray(p.powerControl)
  );
}

export function decideRoute(input: GuardInput): GuardDecision {
  if (isNoAuthPath(input.path, input.noAuthPaths)) return { type: 'pass' };
  const token = input.sessionToken || input.cookieToken;
  if (!token) return normalise(input.path) === LOGIN_PATH ? { type: 'pass' } : { type: 'login' };
  if (input.sessionToken && input.cookieToken && input.sessionToken !== input.cookieToken) {
    return { type: 'fail', reason: 'token-mismatch' };
  }
  return hasUser(input.profile) ? { type: 'pass' } : { type: 'recover' };
}

/** After asking the server for the user: `profile` is what it answered, or undefined when it failed. */
export function decideAfterRecovery(profile: unknown): GuardDecision {
  return hasUser(profile) ? { type: 'pass' } : { type: 'fail', reason: 'no-user' };
}
