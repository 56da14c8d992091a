import { lazy, Suspense } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from '@/i18n';
import type { HomeSummary } from './home-api';
import { TodayPanel } from './TodayPanel';
import { TodoPanel } from './TodoPanel';
import { WarningPanel } from './WarningPanel';

// A dashboard's charts load with the first charts section the user gets (ECharts, enum labels).
const ChartsPanel = lazy(() => import('./ChartsPanel'));

/**
 * The sections of a home file (schemas/home) in the file's order, by kind: the main column draws the
 * `charts` (a role's dashboard) and `todo` sections (a skeleton '待办事项' while the first answer is on
 * its way), the side column the `warning` and `today` ones. A new kind is one more case here.
 */
export function HomeSections({
  summary,
  loading,
  onRefresh,
  column,
}: {
  summary: HomeSummary | undefined;
  loading: boolean;
  onRefresh(): void;
  column: 'main' | 'side';
}) {
  const { t } = useTranslation();
  if (!summary)
    return column === 'main' ? (
      <TodoPanel section={undefined} title={t('home.todo')} loading={loading} onRefresh={onRefresh} />
    ) : null;
  return (
    <>
      {summary.sections.map((s) => {
        if (column === 'main') {
          if (s.kind === 'charts')
            return (
              <Suspense
                key={s.key}
                fallback={
                  <Card title={s.title}>
                    <Skeleton active paragraph={{ rows: 3 }} title={false} />
                  </Card>
                }
              >
                <ChartsPanel section={s} />
              </Suspense>
            );
          return s.kind === 'todo' ? (
            <TodoPanel key={s.key} section={s} title={s.title} loading={loading} onRefresh={onRefresh} />
          ) : null;
        }
        if (s.kind === 'warning') return <WarningPanel key={s.key} section={s} />;
        if (s.kind === 'today') return <TodayPanel key={s.key} section={s} />;
        return null;
      })}
    </>
  );
}
