import type { QueryParams } from './types';

const SCHEME_AND_HOST = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * Collapses duplicate slashes in the path (SPEC 7), keeping the `//` after a scheme and leaving the
 * query and fragment alone (a value there may hold a URL). A leading '//' without a scheme is a
 * doubled slash too, never a protocol-relative URL: calls stay on their origin.
 */
export function collapseSlashes(url: string): string {
  const head = SCHEME_AND_HOST.exec(url)?.[0] ?? '';
  const rest = url.slice(head.length);
  const cut = rest.search(/[?#]/);
  const path = cut < 0 ? rest : rest.slice(0, cut);
  const tail = cut < 0 ? '' : rest.slice(cut);
  return head + path.replace(/\/{2,}/g, '/') + tail;
}

/**
 * The URL of a call: base (same origin '' in the browser) + '/' + path, slashes collapsed. SPEC writes
 * paths with and without the leading slash ('api/v1/…', '/api/v1/…'); both are rooted, because a
 * relative path would resolve against the current page's route.
 */
export function buildUrl(baseUrl: string, path: string): string {
  if (SCHEME_AND_HOST.test(path)) return collapseSlashes(path);
  return collapseSlashes(`${baseUrl}/${path}`);
}

function serialise(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The same encoding umi-request uses for `params`: arrays repeat the key, null/undefined are omitted. */
export function toQueryString(params: QueryParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) query.append(key, serialise(item));
    } else {
      query.append(key, serialise(value));
    }
  }
  return query.toString();
}

export function appendQuery(url: string, params: QueryParams): string {
  const query = toQueryString(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
