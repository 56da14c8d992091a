import { zhCN } from '@/i18n/zh-CN';
import { pathOnly } from '../subapp/apps';

/** SPEC 9: at most 20 tabs. */
export const TAB_LIMIT = 20;

/** SPEC 5's warning (the Chinese; shown in the language in effect: tabs.limitTitle and tabs.limit). */
export const TAB_LIMIT_TITLE = zhCN.tabs.limitTitle;
export const TAB_LIMIT_TEXT = zhCN.tabs.limit;
export const UNNAMED_TITLE = '未命名';
/** The tab of a path its sub-app has no page for (the app's 404 page). */
export const NOT_FOUND_TITLE = '页面不存在';

/** One tab (SPEC 3 'Tab'): keyed by its path; fullPath keeps the query it was last shown with. */
export interface Tab {
  path: string;
  fullPath: string;
  title: string;
}

/** The key of a path's tab: its path without query, hash or trailing slash. */
export const tabKey = (fullPath: string): string => pathOnly(fullPath);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function findTab(tabs: readonly Tab[], fullPath: string): Tab | undefined {
  const key = tabKey(fullPath);
  return tabs.find((t) => same(t.path, key));
}

/** SPEC 5: refused when the count would exceed the limit; a tab already open does not count. */
export function canOpenTab(tabs: readonly Tab[], fullPath: string, limit = TAB_LIMIT): boolean {
  return !!findTab(tabs, fullPath) || tabs.length < limit;
}

/**
 * Opens (or revisits) the tab of a path: an open tab keeps its place and takes the new query;
 * a new one goes to the end. Returns the same array when refused (see canOpenTab).
 */
export function openTab(tabs: readonly Tab[], fullPath: string, title: string, limit = TAB_LIMIT): Tab[] {
  const existing = findTab(tabs, fullPath);
  if (existing) {
    if (existing.fullPath === fullPath && existing.title === title) return tabs as Tab[];
    return tabs.map((t) => (t === existing ? { ...t, fullPath, title } : t));
  }
  if (tabs.length >= limit) return tabs as Tab[];
  return [...tabs, { path: tabKey(fullPath), fullPath, title }];
}

/** The home tab is fixed (SPEC 2.11): it is always first and never closed. */
export function withHome(tabs: readonly Tab[], home: Tab): Tab[] {
  const rest = tabs.filter((t) => !same(t.path, home.path));
  return [home, ...rest];
}

export type CloseAction = 'current' | 'others' | 'left' | 'right';

/** The tabs left after a context-menu close on `path`; the home tab survives every action. */
export function closeTabs(tabs: readonly Tab[], path: string, action: CloseAction, homePath: string): Tab[] {
  const index = tabs.findIndex((t) => same(t.path, path));
  if (index < 0) return tabs as Tab[];
  const keep = (t: Tab, i: number) => {
    if (same(t.path, homePath)) return true;
    switch (action) {
      case 'current':
        return i !== index;
      case 'others':
        return i === index;
      case 'left':
        return i >= index;
      case 'right':
        return i <= index;
    }
  };
  return tabs.filter(keep);
}

/** Where to go after closing: the active tab if it survived, else the nearest survivor to its left. */
export function nextActive(
  before: readonly Tab[],
  after: readonly Tab[],
  activePath: string,
): Tab | undefined {
  const survived = after.find((t) => same(t.path, activePath));
  if (survived) return survived;
  const index = before.findIndex((t) => same(t.path, activePath));
  for (let i = index - 1; i >= 0; i--) {
    const candidate = after.find((t) => same(t.path, before[i]!.path));
    if (candidate) return candidate;
  }
  return after[0];
}

/** The paths removed by a close, whose kept state must be dropped (SPEC 4). */
export function removedPaths(before: readonly Tab[], after: readonly Tab[]): string[] {
  return before.filter((t) => !after.some((a) => same(a.path, t.path))).map((t) => t.path);
}

/**
 * SPEC 2.11: the permission entry's name, else the route title, else '未命名'. A path that neither
 * names and that its app's route map (once loaded) does not own shows the app's 404 page: its tab is
 * titled like it, '页面不存在' (issue 22.2), rather than '未命名'.
 */
export function resolveTabTitle(permissionTitle?: string, routeTitle?: string, unknownPath = false): string {
  return permissionTitle?.trim() || routeTitle?.trim() || (unknownPath ? NOT_FOUND_TITLE : UNNAMED_TITLE);
}
