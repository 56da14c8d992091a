/**
 * Memoised GET calls (RequestOptions `cache`): the promise is kept, so concurrent callers share one
 * exchange; a failed call is dropped at once, so the next caller tries again instead of reading a
 * remembered failure. Expiry is checked on read: no timers, nothing keeps a page or a test alive.
 */
interface Entry {
  promise: Promise<unknown>;
  expires: number;
}

/** Enough for the dictionaries and trees of a working session; the oldest entry goes first. */
const MAX_ENTRIES = 200;

const entries = new Map<string, Entry>();

function prune(now: number): void {
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key);
  while (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
}

export function cached<T>(key: string, ttl: number, run: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.promise as Promise<T>;
  prune(now);
  const promise = run();
  const entry: Entry = { promise, expires: now + ttl };
  entries.set(key, entry);
  promise.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return promise;
}

export function clearCache(): void {
  entries.clear();
}
