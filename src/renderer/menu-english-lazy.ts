import { useEffect, useSyncExternalStore } from 'react';

/** englishMenuName of ./menu-english. */
export type EnglishMenuName = (entry: { name: string; uri?: string | null }) => string | undefined;

let lookup: EnglishMenuName | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * The menu's English names (./menu-english: the menu and page files' `i18n`) are a chunk of their own
 * (issue 21.6), loaded when English is in effect: the shell's route loads them with the layout, and a
 * switch to English loads them then. Without them (not loaded, or the chunk failed): the Chinese names.
 */
export function loadEnglishMenuNames(): Promise<void> {
  loading ??= import('./menu-english').then(
    (m) => {
      lookup = m.englishMenuName;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The English name lookup while `english` (loading it if needed); undefined in Chinese or until loaded. */
export function useEnglishMenuName(english: boolean): EnglishMenuName | undefined {
  const found = useSyncExternalStore(subscribe, () => lookup);
  useEffect(() => {
    if (english && !lookup) void loadEnglishMenuNames();
  }, [english]);
  return english ? found : undefined;
}
