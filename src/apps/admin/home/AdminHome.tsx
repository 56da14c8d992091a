import { useMemo } from 'react';
import { useTranslation } from '@/i18n';
import type { MenuEntry } from '@/runtime/menu';
import { getProfile } from '@/runtime/session';
import { appOfPath } from '@/runtime/subapp/apps';
import styles from '../../shared/home/home.module.css';
import { QuickLinks } from '../../shared/home/QuickLinks';
import { ShortcutsPanel } from '../../shared/home/ShortcutsPanel';
import { HomeSections } from '../../shared/home/HomeSections';
import { totalOf, useHomeSummary } from '../../shared/home/use-home-summary';
import { WelcomeCard } from '../../shared/home/WelcomeCard';
import { menuPath } from '@/runtime/menu';

/**
 * /admin/home, where /home leads (SPEC 2.1): what the signed-in user can do today: the sections of
 * schemas/home/admin.json (counted by the server per permission and scope), and their pages.
 */
export default function AdminHome() {
  const { t } = useTranslation();
  const [profile] = useMemo(() => [getProfile()], []);
  const permissions = (profile?.permissions ?? []) as MenuEntry[];
  const { summary, loading, refresh } = useHomeSummary('admin');
  const waiting = totalOf(summary, 'todo');
  const pages = permissions.filter((p) => p.menuClass === 2).length;
  const hasDacang = permissions.some((p) => appOfPath(menuPath(p) ?? '') === 'dacang');
  const shortcuts = [
    {
      title: t('home.links.personalCentre'),
      path: '/admin/personalCenter',
      description: t('home.links.personalCentreNote'),
    },
    {
      title: t('home.links.exportCentre'),
      path: '/admin/importExport/exportCenterList',
      description: t('home.links.exportCentreNote'),
    },
    ...(hasDacang
      ? [
          {
            title: t('home.links.dacangHome'),
            path: '/dacang/home',
            description: t('home.links.dacangHomeNote'),
          },
        ]
      : []),
  ];
  return (
    <div className={styles.page}>
      <WelcomeCard
        profile={profile}
        stats={[
          { label: t('home.stats.todoTotal'), value: waiting ?? '-' },
          { label: t('home.stats.functions'), value: pages },
        ]}
      />
      <div className={styles.columns}>
        <div className={styles.page}>
          <HomeSections summary={summary} loading={loading} onRefresh={refresh} column="main" />
          <QuickLinks permissions={permissions} />
        </div>
        <div className={styles.page}>
          <HomeSections summary={summary} loading={loading} onRefresh={refresh} column="side" />
          <ShortcutsPanel items={shortcuts} />
        </div>
      </div>
    </div>
  );
}
