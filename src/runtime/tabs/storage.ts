import { readItem, removeItem, writeItem } from '../session/storage';
import type { Tab } from './model';

/** SPEC 2.11: tabs survive a reload, in localStorage under this key. */
export const TABS_KEY = 'tabs';

export function readTabs(): Tab[] {
  const raw = readItem('localStorage', TABS_KEY);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (t): t is Tab =>
        !!t && typeof t.path === 'string' && typeof t.fullPath === 'string' && typeof t.title === 'string',
    );
  } catch {
    return [];
  }
}

export function writeTabs(tabs: readonly Tab[]): void {
  writeItem('localStorage', TABS_KEY, JSON.stringify(tabs));
}

/** Forgets the tab list (logout, guard failure, organisation switch). */
export function clearTabs(): void {
  removeItem('localStorage', TABS_KEY);
}
