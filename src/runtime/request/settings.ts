/**
 * Module-level settings of the request layer. The browser keeps the defaults (same origin); tests point
 * baseUrl at their own server.
 */
export interface RequestSettings {
  /** Prefix of every call: '' (same origin) in the browser, e.g. 'http://127.0.0.1:4321' in tests. */
  baseUrl: string;
  /** Where session endings send the user (SPEC 8: "go to login"). */
  loginPath: string;
}

/**
 * SPEC 9 leaves the general request timeout open: 30 s, long enough for the 500-row list pages and
 * exports of this product, short enough that a hung connection is reported while the user still waits.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

const settings: RequestSettings = { baseUrl: '', loginPath: '/login' };

export function configureRequest(patch: Partial<RequestSettings>): void {
  Object.assign(settings, patch);
}

export function requestSettings(): Readonly<RequestSettings> {
  return settings;
}
