import { Empty, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n';
import type { AggregateRow } from '@/schema/resolved';
import type { ChartView } from '@/schema/resolve/charts';
import { enumDef } from '../catalogue';
import { AggregateTable } from './AggregateTable';
import { fetchAggregate } from './aggregate-data';
import { chartOption, formatValue } from './chart-options';

// ECharts (a few hundred KB) loads with the first chart drawn, never with a page that has none.
const EChart = lazy(() => import('./EChart'));

export interface SchemaChartProps {
  chart: ChartView;
  /** The list's active filters (the search form's), sent as a list's. */
  filters: Record<string, unknown>;
}

/**
 * One chart of a page or a home block: its aggregate's figures over the filters, drawn as a statistic
 * or an ECharts plot. A new filter aborts the previous request, so a late answer never wins.
 */
export function SchemaChart({ chart, filters }: SchemaChartProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AggregateRow[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchAggregate({ path: chart.path, method: chart.method }, filters, controller.signal).then(
      (res) => setRows(res.rows),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [chart.path, chart.method, filters]);
  const option = useMemo(
    () => (rows && chart.type !== 'table' ? chartOption(chart, rows, enumDef) : undefined),
    [chart, rows],
  );
  if (failed) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.failed')} />;
  if (!rows) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (chart.type === 'statistic')
    return (
      <Statistic
        title={chart.title}
        value={rows[0]?.value ?? 0}
        formatter={(v) => formatValue(Number(v), chart.decimals)}
      />
    );
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />;
  if (chart.type === 'table') return <AggregateTable chart={chart} rows={rows} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} title={false} />}>
      <EChart option={option!} height={chart.height} label={chart.title} />
    </Suspense>
  );
}
