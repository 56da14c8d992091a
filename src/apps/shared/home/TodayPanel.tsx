import { Card, Empty, Skeleton } from 'antd';
import { useHostNavigate } from '@/runtime/subapp/SubAppRoot';
import styles from './home.module.css';
import { TODAY_ITEMS } from './items';

/** '今日完成': what was finished today, each opening its list page. */
export function TodayPanel({
  today,
  loading,
}: {
  today: { key: string; count: number }[] | undefined;
  loading: boolean;
}) {
  const navigate = useHostNavigate();
  const known = (today ?? []).filter((t) => TODAY_ITEMS[t.key]);
  return (
    <Card title="今日完成">
      {loading && !today ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : known.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      ) : (
        <div className={styles.todayList}>
          {known.map((t) => (
            <button
              type="button"
              key={t.key}
              className={styles.todayRow}
              onClick={() => navigate(TODAY_ITEMS[t.key]!.path)}
              data-today={t.key}
            >
              <span>{TODAY_ITEMS[t.key]!.title}</span>
              <span className={styles.todayValue}>{t.count}</span>
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
