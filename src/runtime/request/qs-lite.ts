/**
 * The two calls umi-request makes of `qs` (issue 21.6: qs and its dependencies, object-inspect,
 * get-intrinsic and the side-channel packages, were about 15 KB gzip of every first visit): the build
 * gives umi-request this module instead (vite.config.ts, `umiRequestQsLite`).
 *
 * stringify: qs 6's output for umi-request's options `{ arrayFormat: 'repeat', strictNullHandling: true }`
 * with qs's other defaults: RFC 3986 encoding of keys and values (every character but `A–Z a–z 0–9 - . _
 * ~`), a null as its bare key, undefined and empty arrays left out, dates as ISO strings, nested objects
 * as `a[b]` (encoded), array items repeating their key. parse: what umi-request parses (a
 * URLSearchParams' text, `strictNullHandling`): a key without `=` is null, a repeated key gives an
 * array; brackets are not unfolded into objects (nothing here passes such params).
 */

type Value = unknown;

const encode = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function primitive(v: Value): string {
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function walk(out: string[], prefix: string, value: Value): void {
  if (value === undefined) return;
  if (value === null) {
    out.push(encode(prefix));
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(out, prefix, item);
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const key of Object.keys(value))
      walk(out, `${prefix}[${key}]`, (value as Record<string, Value>)[key]);
    return;
  }
  out.push(`${encode(prefix)}=${encode(primitive(value))}`);
}

export function stringify(value: Value, _options?: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const out: string[] = [];
  if (Array.isArray(value)) value.forEach((item, i) => walk(out, String(i), item));
  else for (const key of Object.keys(value)) walk(out, key, (value as Record<string, Value>)[key]);
  return out.join('&');
}

const decode = (s: string): string => {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus;
  }
};

export function parse(text: string, _options?: unknown): Record<string, string | null | (string | null)[]> {
  const out: Record<string, string | null | (string | null)[]> = {};
  for (const part of text.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? null : decode(part.slice(eq + 1));
    const had = out[key];
    if (had === undefined) out[key] = value;
    else out[key] = Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

export default { stringify, parse };
