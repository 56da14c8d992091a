import { Breadcrumb, Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { menuTrail } from '@/runtime/menu';
import { appOfPath } from '@/runtime/subapp/apps';
import styles from '../layout.module.css';
import { useShell } from '../use-shell';
import { FullscreenToggle } from './FullscreenToggle';
import { MessageMarquee } from './MessageMarquee';
import { OrgSwitcher } from './OrgSwitcher';
import { UnreadBell } from './UnreadBell';
import { UserMenu } from './UserMenu';

/** Where the user is: the menu groups above the page, or the page's title. */
function Trail() {
  const { tree, titleOf } = useShell();
  const { pathname } = useLocation();
  if (!appOfPath(pathname)) return null;
  const trail = menuTrail(tree, pathname);
  const names = trail.length > 0 ? trail : [titleOf(pathname)];
  return <Breadcrumb className={styles.trail} items={names.map((title) => ({ title }))} />;
}

/** SPEC 2.11 header: marquee, organisation switcher, fullscreen, bell, user dropdown. */
export function HeaderBar() {
  return (
    <Layout.Header className={styles.header}>
      <Trail />
      <MessageMarquee />
      <div className={styles.headerRight}>
        <OrgSwitcher />
        <FullscreenToggle />
        <UnreadBell />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
