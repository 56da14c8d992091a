import { readCookie } from '../session/storage';

/** SPEC 2.11: the sidebar's open state is kept in a cookie. */
export const SIDEBAR_COOKIE = 'sidebar';

export interface SidebarState {
  collapsed: boolean;
  openKeys: string[];
}

const EMPTY: SidebarState = { collapsed: false, openKeys: [] };

/** Parses the cookie value; anything unreadable is the default (expanded, nothing open). */
export function parseSidebarState(raw: string | undefined): SidebarState {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SidebarState>;
    return {
      collapsed: value.collapsed === true,
      openKeys: Array.isArray(value.openKeys) ? value.openKeys.filter((k) => typeof k === 'string') : [],
    };
  } catch {
    return EMPTY;
  }
}

export function readSidebarState(): SidebarState {
  return parseSidebarState(readCookie(SIDEBAR_COOKIE));
}

/** A year-long cookie: a preference of this browser, not of the session. */
export function writeSidebarState(state: SidebarState): void {
  const doc = (globalThis as { document?: Document }).document;
  if (!doc) return;
  const value = encodeURIComponent(JSON.stringify(state));
  doc.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=31536000; SameSite=Lax`;
}
