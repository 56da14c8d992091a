/**
 * Node 20 has no document.cookie, sessionStorage or localStorage, and no DOM environment (jsdom,
 * happy-dom) is installed, so these small in-memory stand-ins take their place for the session tests.
 * They model just what src/runtime/session uses: Storage's item methods, and a cookie jar that honours
 * `max-age=0` and remembers the attributes of each write.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

export class CookieJar {
  readonly values = new Map<string, string>();
  /** Every assignment to document.cookie, as written, to check attributes. */
  readonly writes: string[] = [];

  get cookie(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  set cookie(line: string) {
    this.writes.push(line);
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const expired = attributes.some((a) => /^max-age=0$/i.test(a));
    if (expired) this.values.delete(name);
    else this.values.set(name, pair.slice(eq + 1));
  }
}

export interface BrowserStandIns {
  jar: CookieJar;
  localStorage: Storage;
  sessionStorage: Storage;
  uninstall(): void;
}

const NAMES = ['document', 'localStorage', 'sessionStorage'] as const;

export function installBrowserStandIns(): BrowserStandIns {
  const g = globalThis as Record<string, unknown>;
  for (const name of NAMES) {
    if (name in g)
      throw new Error(`globalThis.${name} already exists; these stand-ins are for plain Node only`);
  }
  const jar = new CookieJar();
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  Object.assign(g, { document: jar, localStorage, sessionStorage });
  return {
    jar,
    localStorage,
    sessionStorage,
    uninstall: () => {
      for (const name of NAMES) delete g[name];
    },
  };
}
