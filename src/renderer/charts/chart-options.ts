import type { AggregateRow } from '@/schema/resolved';
import type { ChartDimension, ChartView } from '@/schema/resolve/charts';
import { t } from '@/i18n';
import type { EnumDef } from '../schema-types';

/**
 * An aggregate's rows as an ECharts option (pure: unit-tested without a canvas). Keys are named by the
 * server's label (a supplier's name, an age bucket), else the dimension's enum label, else the key.
 */

type Key = AggregateRow['key'];
type EnumLookup = (name: string) => EnumDef | undefined;

export function keyLabel(
  d: ChartDimension | undefined,
  key: Key,
  label: string | null | undefined,
  enums: EnumLookup,
) {
  if (label) return label;
  if (key === null || key === undefined || key === '') return t('charts.emptyKey');
  if (d?.boolean) return t(key ? 'common.yes' : 'common.no');
  if (d?.enumName) {
    const item = enums(d.enumName)?.items.find((i) => String(i.value) === String(key));
    if (item) return item.label;
  }
  return String(key);
}

/** A figure as staff read it: thousands separated, the measure's decimals. */
export function formatValue(value: number, decimals: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function distinct<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ECharts' option type is wide; the test pins our shape
export type ChartOption = Record<string, any>;

export function chartOption(chart: ChartView, rows: AggregateRow[], enums: EnumLookup): ChartOption {
  const [first, second] = chart.dimensions;
  const keys = distinct(rows.map((r) => r.key));
  const categories = keys.map((k) => keyLabel(first, k, rows.find((r) => r.key === k)?.label, enums));
  const fmt = (v: number) => formatValue(v, chart.decimals);
  const tooltip = { valueFormatter: (v: unknown) => fmt(Number(v)) };
  if (chart.type === 'pie') {
    return {
      animation: false,
      tooltip: { trigger: 'item', ...tooltip },
      legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
      series: [
        {
          type: 'pie',
          name: chart.measureTitle,
          radius: ['40%', '70%'],
          center: ['40%', '50%'],
          label: { show: false },
          data: keys.map((k, i) => ({
            name: categories[i],
            value: rows.filter((r) => r.key === k).reduce((n, r) => n + r.value, 0),
          })),
        },
      ],
    };
  }
  const seriesKeys = second ? distinct(rows.map((r) => r.series ?? null)) : [null];
  const kind = chart.type === 'column' || chart.type === 'bar' ? 'bar' : 'line';
  const series = seriesKeys.map((s) => ({
    type: kind,
    name: second
      ? keyLabel(second, s, rows.find((r) => r.series === s)?.seriesLabel, enums)
      : chart.measureTitle,
    ...(chart.type === 'area' ? { areaStyle: {} } : {}),
    ...(second && kind === 'bar' ? { stack: 'total' } : {}),
    data: keys.map((k) => rows.find((r) => r.key === k && (!second || r.series === s))?.value ?? 0),
  }));
  const category = { type: 'category', data: categories, ...(chart.type === 'bar' ? { inverse: true } : {}) };
  const value = { type: 'value', axisLabel: { formatter: (v: number) => fmt(v) } };
  return {
    animation: false,
    tooltip: { trigger: 'axis', ...tooltip },
    ...(second ? { legend: { type: 'scroll', top: 0 } } : {}),
    grid: { left: 8, right: 16, top: second ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: chart.type === 'bar' ? value : category,
    yAxis: chart.type === 'bar' ? category : value,
    series,
  };
}
