import useApp from 'antd/es/app/useApp';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Location, NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { t } from '@/i18n';
import { appOfPath, HOME_PATH, isAppRoot } from '@/runtime/subapp/apps';
import {
  canOpenTab,
  type CloseAction,
  closeTabs,
  findTab,
  nextActive,
  openTab,
  readTabs,
  removedPaths,
  type Tab,
  tabKey,
  withHome,
  writeTabs,
} from '@/runtime/tabs';
import { tabStateStore } from './shell-state';

/** Paths that get a tab: the pages of the sub-apps (host pages such as /redirect/… do not). */
export const isTabPath = (path: string) => !!appOfPath(path) && !isAppRoot(path);

const fullPathOf = (l: Pick<Location, 'pathname' | 'search'>) => `${l.pathname}${l.search}`;

/** SPEC 5 alert (TAB_LIMIT_TITLE, TAB_LIMIT_TEXT), in the language in effect; one at a time. */
function useLimitWarning() {
  const { modal } = useApp();
  const open = useRef(false);
  return useCallback(() => {
    if (open.current) return;
    open.current = true;
    modal.warning({
      title: t('tabs.limitTitle'),
      content: t('tabs.limit'),
      okText: t('common.ok'),
      afterClose: () => {
        open.current = false;
      },
    });
  }, [modal]);
}

const HOME_LOCATION: Location = { pathname: HOME_PATH, search: '', hash: '', state: null, key: 'home' };

/**
 * The tab bar's state (SPEC 2.11, 4, 5): tabs follow navigation, are kept in localStorage, the home tab
 * is fixed; closing and refreshing drop the closed tab's kept page state.
 *
 * The tab limit is a gate of the layout's own (the declarative router has no blocker, router.tsx): a
 * location that would open a 21st tab is never shown. `location` is what the layout shows (the sub-app
 * host reads it): the last admitted one while the address is taken back, one step back after a link
 * or menu click (PUSH), or replaced by the admitted page otherwise (Back and Forward, an address typed
 * in, which at a first load leads to the home tab). `admitted` is set while rendering, so it relies on
 * every navigation being rendered in turn (HostApp's router renders without transitions).
 */
export function useTabs(titleOf: (path: string) => string) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const warnLimit = useLimitWarning();
  const home: Tab = { path: HOME_PATH, fullPath: HOME_PATH, title: '首页' };
  const [tabs, setTabs] = useState<Tab[]>(() => withHome(readTabs(), home));
  const tabsRef = useRef(tabs);
  useLayoutEffect(() => {
    tabsRef.current = tabs;
  });
  useEffect(() => writeTabs(tabs), [tabs]);

  const fullPath = fullPathOf(location);
  const tabbable = isTabPath(location.pathname);
  const refused = tabbable && !canOpenTab(tabs, fullPath);
  const admitted = useRef<Location | null>(null);
  if (!refused) admitted.current = location;
  const shown = admitted.current ?? HOME_LOCATION;

  const lastActive = useRef(HOME_PATH);
  // The open tab's own key when the address spells its path otherwise (paths ignore case).
  if (isTabPath(shown.pathname))
    lastActive.current = findTab(tabs, shown.pathname)?.path ?? tabKey(shown.pathname);
  const activePath = lastActive.current;

  useEffect(() => {
    if (!refused) return;
    warnLimit();
    const back = admitted.current;
    if (back && navigationType === NavigationType.Push) navigate(-1);
    else navigate(back ? fullPathOf(back) : HOME_PATH, { replace: true });
    // location.key: each refused navigation is taken back, even to the same path.
  }, [refused, location.key, navigationType, navigate, warnLimit]);

  const title = tabbable && !refused ? titleOf(location.pathname) : '';
  useEffect(() => {
    if (!tabbable || refused) return;
    setTabs((current) => openTab(current, fullPath, title));
  }, [tabbable, refused, fullPath, title]);

  const select = useCallback(
    (path: string) => {
      const tab = tabsRef.current.find((t) => t.path === path);
      if (tab) navigate(tab.fullPath);
    },
    [navigate],
  );

  /** SPEC 4: refresh goes through /redirect, which drops the kept state and comes back. */
  const refresh = useCallback(
    (path: string) => {
      const tab = tabsRef.current.find((t) => t.path === path);
      // Refreshing the page on screen replaces its history entry: Back still leads where it led.
      if (tab) navigate(`/redirect${tab.fullPath}`, { replace: tab.path === activePath });
    },
    [activePath, navigate],
  );

  const close = useCallback(
    (path: string, action: CloseAction) => {
      const before = tabsRef.current;
      const after = closeTabs(before, path, action, HOME_PATH);
      if (after === before) return;
      for (const removed of removedPaths(before, after)) tabStateStore.drop(removed);
      setTabs(after);
      // The active tab closed: go to the tab acted on if it is still there, else the nearest on the left.
      if (!after.some((t) => t.path === activePath)) {
        const target = after.find((t) => t.path === path) ?? nextActive(before, after, activePath);
        navigate(target?.fullPath ?? HOME_PATH);
      }
    },
    [activePath, navigate],
  );

  return { tabs, activePath, location: shown, select, refresh, close };
}
