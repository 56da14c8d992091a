import { Layout } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useLanguage } from '@/i18n';
import { useEnglishMenuName } from '@/renderer/menu-english-lazy';
import { buildMenuTree, type MenuEntry } from '@/runtime/menu';
import { pullPreferences } from '@/runtime/preferences';
import { getProfile, type Profile } from '@/runtime/session';
import { appOfPath } from '@/runtime/subapp/apps';
import { HeaderBar } from './header/HeaderBar';
import styles from './layout.module.css';
import { OpenPanelContext, PanelHost, type PanelName } from './panels';
import { Sidebar } from './Sidebar';
import { SubAppHost } from './SubAppHost';
import { TabBar } from './TabBar';
import { useRouteLookups } from './use-route-maps';
import { type Shell, ShellContext } from './use-shell';
import { useTabs } from './use-tabs';

/**
 * The main layout (SPEC 1, 2.11): sidebar, header, tab bar, and the content: the mounted sub-app, or a
 * host page (Outlet). Rendered behind the route guard, so the profile is there.
 */
export default function ShellLayout() {
  const [profile] = useState<Profile>(() => getProfile()!);
  const language = useLanguage();
  // In English the menu's names come from the schema files' English (issue 20.5): sidebar, search,
  // breadcrumb and tab titles all read this list.
  // (Loaded with the layout when English is in effect: shell-routes.tsx.)
  const englishMenuName = useEnglishMenuName(language !== 'zh-CN');
  const permissions = useMemo(() => {
    const entries = profile.permissions as MenuEntry[];
    if (!englishMenuName) return entries;
    return entries.map((e) => ({ ...e, name: englishMenuName(e) ?? e.name }));
  }, [profile, englishMenuName]);
  const tree = useMemo(() => buildMenuTree(permissions), [permissions]);
  const { titleOf, routeMeta } = useRouteLookups(permissions);
  const shell = useMemo<Shell>(
    () => ({ profile, permissions, tree, titleOf, routeMeta }),
    [profile, permissions, tree, titleOf, routeMeta],
  );
  // The location on screen: the router's, unless it would open a 21st tab (use-tabs.ts).
  const { tabs, activePath, location, select, refresh, close } = useTabs(titleOf);
  const [panel, setPanel] = useState<PanelName | null>(null);
  // The user's theme and language as his account keeps them: a choice made on another browser
  // replaces the local copy the page started with (issue 20.5, 20.6).
  useEffect(() => void pullPreferences(), []);

  return (
    <ShellContext.Provider value={shell}>
      <OpenPanelContext.Provider value={setPanel}>
        <Layout className={styles.shell}>
          <Sidebar />
          <Layout className={styles.main}>
            <HeaderBar />
            <TabBar
              tabs={tabs}
              activePath={activePath}
              titleOf={titleOf}
              onSelect={select}
              onRefresh={refresh}
              onClose={close}
            />
            <Layout.Content className={styles.content}>
              <SubAppHost location={location} visible={!!appOfPath(location.pathname)} />
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
        <PanelHost open={panel} onClose={() => setPanel(null)} />
      </OpenPanelContext.Provider>
    </ShellContext.Provider>
  );
}
