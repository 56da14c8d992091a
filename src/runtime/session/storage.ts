/**
 * Guarded access to the browser's storages. Private modes and locked-down browsers throw on access
 * (SecurityError, QuotaExceededError); a storage failure must never break a page, so reads answer
 * undefined and writes are best effort. Nothing here runs on import: the globals are read per call,
 * which also lets unit tests in Node install stand-ins.
 */
type StorageName = 'localStorage' | 'sessionStorage';

function storage(name: StorageName): Storage | undefined {
  try {
    return (globalThis as { [K in StorageName]?: Storage })[name];
  } catch {
    return undefined;
  }
}

export function readItem(name: StorageName, key: string): string | undefined {
  try {
    return storage(name)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeItem(name: StorageName, key: string, value: string): void {
  try {
    storage(name)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the cookie copy of the token still works; profile data is re-fetched.
  }
}

export function removeItem(name: StorageName, key: string): void {
  try {
    storage(name)?.removeItem(key);
  } catch {
    // Same as writeItem.
  }
}

function doc(): Document | undefined {
  return (globalThis as { document?: Document }).document;
}

export function readCookie(name: string): string | undefined {
  let all: string;
  try {
    all = doc()?.cookie ?? '';
  } catch {
    return undefined;
  }
  for (const part of all.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Secure is added on https so the token cookie never travels in clear; plain http is local dev. */
function cookieAttributes(): string {
  const https = (globalThis as { location?: Location }).location?.protocol === 'https:';
  return `path=/; SameSite=Strict${https ? '; Secure' : ''}`;
}

/** A session cookie (no expiry): it ends with the browser, like the server-side idle timeout. */
export function writeCookie(name: string, value: string): void {
  const d = doc();
  if (d) d.cookie = `${name}=${encodeURIComponent(value)}; ${cookieAttributes()}`;
}

export function removeCookie(name: string): void {
  const d = doc();
  if (d) d.cookie = `${name}=; max-age=0; ${cookieAttributes()}`;
}
