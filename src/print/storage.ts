/**
 * Print data a list page's print action hands to a print page through the browser's storages (SPEC
 * 2.14): what a print file's storage source declares (schemas/meta/print.schema.json PrintSource:
 * session storage by default, local storage for the pending-delivery order ids). One key per print
 * file and sheet, so two print tabs never read each other's data:
 *
 *   fresh.print.{print file name}.{route parameter} → JSON { savedAt: <ms>, data }
 *
 * Data older than MAX_AGE_MS counts as missing. Session storage is per tab: the list page opens the
 * print page with window.open(url, '_blank') *without* 'noopener' (Chromium copies session storage
 * only to a tab with an opener), after the data is written. What the data holds and whether it is
 * whole: src/schema/print-handover.ts.
 */
export type PrintStorage = 'session' | 'local';

export const PRINT_KEY_PREFIX = 'fresh.print.';
/** A day: a print tab reopened the next morning asks for a fresh print from the list. */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const printKey = (name: string, param: string) => `${PRINT_KEY_PREFIX}${name}.${param}`;

function store(kind: PrintStorage): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function parse(raw: string | null): { savedAt?: unknown; data?: unknown } | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as { savedAt?: unknown; data?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

const fresh = (savedAt: unknown, now: number) => typeof savedAt === 'number' && now - savedAt <= MAX_AGE_MS;

/** Forgets this storage's print data older than MAX_AGE_MS (local storage would keep it for ever). */
function prune(storage: Storage, now: number): void {
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PRINT_KEY_PREFIX) && !fresh(parse(storage.getItem(key))?.savedAt, now))
      stale.push(key);
  }
  stale.forEach((key) => storage.removeItem(key));
}

/** Stores a sheet's data for its print page. Throws (in Chinese) when the storage refuses. */
export function savePrintData(
  kind: PrintStorage,
  name: string,
  param: string,
  data: unknown,
  now = Date.now(),
): void {
  const storage = store(kind);
  if (!storage) throw new Error('浏览器存储不可用，无法打印');
  prune(storage, now);
  storage.setItem(printKey(name, param), JSON.stringify({ savedAt: now, data }));
}

/** The stored data, or undefined when it is missing or stale (the caller checks its shape). */
export function readPrintData(kind: PrintStorage, name: string, param: string, now = Date.now()): unknown {
  let raw: string | null;
  try {
    raw = store(kind)?.getItem(printKey(name, param)) ?? null;
  } catch {
    return undefined;
  }
  const entry = parse(raw);
  return entry && fresh(entry.savedAt, now) ? entry.data : undefined;
}
