import { Breadcrumb, Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { menuTrail } from '@/runtime/menu';
import { useTranslation } from '@/i18n';
import { appOfPath, HOME_PATH } from '@/runtime/subapp/apps';
import styles from '../layout.module.css';
import { shellTitle } from '../shell-titles';
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
  const { t } = useTranslation();
  if (!appOfPath(pathname)) return null;
  const trail = menuTrail(tree, pathname);
  // The home page is no menu entry: its title is the home tab's, in the user's language.
  const names =
    trail.length > 0 ? trail : [pathname === HOME_PATH ? t('tabs.home') : shellTitle(titleOf(pathname))];
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
