import {
  createContext,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { TabStateStore } from './tab-state';

/** The tab a page belongs to: provided by the sub-app shell around its routes. */
export interface TabScope {
  store: TabStateStore;
  /** The tab's path ('/admin/home'). */
  path: string;
  /** Route meta ignoreCache: the page never restores kept state. */
  ignoreCache: boolean;
}

export const TabScopeContext = createContext<TabScope | null>(null);

/**
 * useState whose value is kept for the page's tab: revisiting the tab (also after a sub-app switch)
 * restores it; closing or refreshing the tab forgets it; pages marked ignoreCache start fresh.
 * Outside a tab scope it is plain useState. `name` must be unique within the page.
 */
export function useTabState<T>(name: string, initial: T | (() => T)): [T, (next: SetStateAction<T>) => void] {
  const scope = useContext(TabScopeContext);
  const keep = !!scope && !scope.ignoreCache;
  const [value, setValue] = useState<T>(() => {
    if (keep) {
      const hit = scope.store.read(scope.path, name);
      if (hit.found) return hit.value as T;
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  // The first render only restores: writing it back would re-create a snapshot just dropped by a refresh.
  const restored = useRef(true);
  useEffect(() => {
    if (restored.current) {
      restored.current = false;
      return;
    }
    if (keep) scope.store.write(scope.path, name, value);
  }, [keep, scope, name, value]);
  const set = useCallback((next: SetStateAction<T>) => setValue(next), []);
  return [value, set];
}
