import { tabKey } from './model';

/**
 * Keep-alive by state snapshot (src/runtime/tabs/README.md): per tab path, the named values its page
 * chose to keep. In memory only: a reload starts every page fresh.
 */
export interface TabStateStore {
  read(path: string, name: string): { found: boolean; value?: unknown };
  write(path: string, name: string, value: unknown): void;
  /** Forgets a tab's snapshot (close, refresh). */
  drop(path: string): void;
  clear(): void;
}

export function createTabStateStore(): TabStateStore {
  const tabs = new Map<string, Map<string, unknown>>();
  const key = (path: string) => tabKey(path).toLowerCase();
  return {
    read(path, name) {
      const values = tabs.get(key(path));
      return values?.has(name) ? { found: true, value: values.get(name) } : { found: false };
    },
    write(path, name, value) {
      const k = key(path);
      let values = tabs.get(k);
      if (!values) {
        values = new Map();
        tabs.set(k, values);
      }
      values.set(name, value);
    },
    drop: (path) => void tabs.delete(key(path)),
    clear: () => tabs.clear(),
  };
}
