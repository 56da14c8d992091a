import { useMemo } from 'react';
import type { MenuEntry } from '@/runtime/menu';
import { getProfile } from '@/runtime/session';
import styles from '../../shared/home/home.module.css';
import { QuickLinks } from '../../shared/home/QuickLinks';
import { ShortcutsPanel } from '../../shared/home/ShortcutsPanel';
import { TodayPanel } from '../../shared/home/TodayPanel';
import { TodoPanel } from '../../shared/home/TodoPanel';
import { useHomeSummary } from '../../shared/home/use-home-summary';
import { WelcomeCard } from '../../shared/home/WelcomeCard';

/**
 * /dacang/home: the warehouse workbench: documents waiting per family (pick orders, stock-out orders,
 * transfer applications), today's finished work, and the dacang pages.
 */
export default function DacangHome() {
  const [profile] = useMemo(() => [getProfile()], []);
  const permissions = (profile?.permissions ?? []) as MenuEntry[];
  const { summary, loading, refresh } = useHomeSummary();
  const waiting = summary?.todo.reduce((sum, t) => sum + t.count, 0);
  const done = summary?.today.reduce((sum, t) => sum + t.count, 0);
  return (
    <div className={styles.page}>
      <WelcomeCard
        profile={profile}
        stats={[
          { label: '待处理单据', value: waiting ?? '-' },
          { label: '今日完成', value: done ?? '-' },
        ]}
      />
      <div className={styles.columns}>
        <div className={styles.page}>
          <TodoPanel todo={summary?.todo} loading={loading} onRefresh={refresh} grouped />
          <QuickLinks permissions={permissions} app="dacang" />
        </div>
        <div className={styles.page}>
          <TodayPanel today={summary?.today} loading={loading} />
          <ShortcutsPanel
            items={[
              { title: '系统首页', path: '/admin/home', description: '全部待办与功能导航' },
              { title: '个人中心', path: '/admin/personalCenter', description: '基本资料、账号安全与头像' },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
