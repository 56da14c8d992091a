import { readCookie, readItem, removeCookie, removeItem, writeCookie, writeItem } from './storage';

/** SPEC 3: the token is kept in a cookie and in session storage, both under this name. */
export const TOKEN_KEY = 'token';

/**
 * Session storage first (this tab's own login), then the cookie, which a newly opened tab of the same
 * browser shares; the server decides whether the token is still alive.
 */
export function getToken(): string | undefined {
  const token = readItem('sessionStorage', TOKEN_KEY) || readCookie(TOKEN_KEY);
  return token || undefined;
}

export function setToken(token: string): void {
  writeItem('sessionStorage', TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token);
}

export function clearToken(): void {
  removeItem('sessionStorage', TOKEN_KEY);
  removeCookie(TOKEN_KEY);
}
