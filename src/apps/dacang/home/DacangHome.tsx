import { useMemo } from 'react';
import { useTranslation } from '@/i18n';
import type { MenuEntry } from '@/runtime/menu';
import { getProfile } from '@/runtime/session';
import styles from '../../shared/home/home.module.css';
import { QuickLinks } from '../../shared/home/QuickLinks';
import { ShortcutsPanel } from '../../shared/home/ShortcutsPanel';
import { HomeSections } from '../../shared/home/HomeSections';
import { totalOf, useHomeSummary } from '../../shared/home/use-home-summary';
import { WelcomeCard } from '../../shared/home/WelcomeCard';

/**
 * /dacang/home: the warehouse workbench: the sections of schemas/home/dacang.json (documents waiting
 * per family, warnings, today's finished work), and the dacang pages.
 */
export default function DacangHome() {
  const { t } = useTranslation();
  const [profile] = useMemo(() => [getProfile()], []);
  const permissions = (profile?.permissions ?? []) as MenuEntry[];
  const { summary, loading, refresh } = useHomeSummary('dacang');
  const waiting = totalOf(summary, 'todo');
  const done = totalOf(summary, 'today');
  return (
    <div className={styles.page}>
      <WelcomeCard
        profile={profile}
        stats={[
          { label: t('home.stats.documentsWaiting'), value: waiting ?? '-' },
          { label: t('home.stats.doneToday'), value: done ?? '-' },
        ]}
      />
      <div className={styles.columns}>
        <div className={styles.page}>
          <HomeSections summary={summary} loading={loading} onRefresh={refresh} column="main" />
          <QuickLinks permissions={permissions} app="dacang" />
        </div>
        <div className={styles.page}>
          <HomeSections summary={summary} loading={loading} onRefresh={refresh} column="side" />
          <ShortcutsPanel
            items={[
              {
                title: t('home.links.adminHome'),
                path: '/admin/home',
                description: t('home.links.adminHomeNote'),
              },
              {
                title: t('home.links.personalCentre'),
                path: '/admin/personalCenter',
                description: t('home.links.personalCentreNote'),
              },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
