export {
  type CloseAction,
  canOpenTab,
  closeTabs,
  findTab,
  nextActive,
  NOT_FOUND_TITLE,
  openTab,
  removedPaths,
  resolveTabTitle,
  TAB_LIMIT,
  TAB_LIMIT_TEXT,
  TAB_LIMIT_TITLE,
  type Tab,
  tabKey,
  UNNAMED_TITLE,
  withHome,
} from './model';
export { clearTabs, readTabs, TABS_KEY, writeTabs } from './storage';
export { createTabStateStore, type TabStateStore } from './tab-state';
export { type TabScope, TabScopeContext, useTabState } from './use-tab-state';
