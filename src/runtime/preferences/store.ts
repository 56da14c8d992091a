import { useSyncExternalStore } from 'react';
import {
  DEFAULT_PREFERENCES,
  LANGUAGES,
  type Language,
  THEMES,
  type ThemeChoice,
} from '@/schema/contracts/preferences';
import { readItem, writeItem } from '../session/storage';

export interface Preferences {
  theme: ThemeChoice;
  language: Language;
}

/**
 * The local copy of the user's theme and language (issue 20 points 5, 6). The server keeps them per
 * user (sync.ts); this copy lets the first paint use them (no light flash before the dark page, no
 * Chinese flash before the English one), and the sign-in pages show the last user's choice. One
 * module instance serves the host and both sub-apps (they share the host's chunks).
 */
export const PREFERENCES_KEY = 'preferences';

function readCached(): Preferences {
  try {
    const raw = JSON.parse(
      readItem('localStorage', PREFERENCES_KEY) ?? 'null',
    ) as Partial<Preferences> | null;
    return {
      theme: THEMES.includes(raw?.theme as ThemeChoice) ? raw!.theme! : DEFAULT_PREFERENCES.theme,
      language: LANGUAGES.includes(raw?.language as Language) ? raw!.language! : DEFAULT_PREFERENCES.language,
    };
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

let current: Preferences = readCached();
const listeners = new Set<() => void>();

export const getPreferences = (): Preferences => current;

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies (and caches) a change at once; unchanged values notify nobody. */
export function applyPreferences(change: Partial<Preferences>): void {
  const next = { ...current, ...change };
  if (next.theme === current.theme && next.language === current.language) return;
  current = next;
  writeItem('localStorage', PREFERENCES_KEY, JSON.stringify(current));
  for (const listener of listeners) listener();
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, getPreferences);
}
