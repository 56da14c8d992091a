import { Layout } from 'antd';
import { useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { buildMenuTree, type MenuEntry } from '@/runtime/menu';
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
  const permissions = profile.permissions as MenuEntry[];
  const tree = useMemo(() => buildMenuTree(permissions), [permissions]);
  const { titleOf, routeMeta } = useRouteLookups(permissions);
  const shell = useMemo<Shell>(
    () => ({ profile, permissions, tree, titleOf, routeMeta }),
    [profile, permissions, tree, titleOf, routeMeta],
  );
  const { tabs, activePath, select, refresh, close } = useTabs(titleOf);
  const { pathname } = useLocation();
  const [panel, setPanel] = useState<PanelName | null>(null);

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
              <SubAppHost visible={!!appOfPath(pathname)} />
              <Outlet />
            </Layout.Content>
          </Layout>
        </Layout>
        <PanelHost open={panel} onClose={() => setPanel(null)} />
      </OpenPanelContext.Provider>
    </ShellContext.Provider>
  );
}
