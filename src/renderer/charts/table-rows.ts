import type { AggregateRow } from '@/schema/resolved';
import type { ChartView } from '@/schema/resolve/charts';
import type { EnumDef } from '../schema-types';
import { formatValue, keyLabel } from './chart-options';

/**
 * A table chart's rows (chart type `table`): one line per group, its dimensions named as a chart names
 * them (labels, enum labels, date buckets), then the measure and the aggregate's further measures.
 * Pure: the table and its CSV download share it (tests/unit/renderer/chart-table.test.ts).
 */
export interface TableChart {
  headers: string[];
  /** Texts as shown; figures at their decimals, without thousands separators in the CSV. */
  rows: { cells: string[]; figures: number[] }[];
  decimals: number[];
}

export function tableChart(
  chart: ChartView,
  rows: AggregateRow[],
  enums: (name: string) => EnumDef | undefined,
): TableChart {
  const dims = chart.dimensions;
  const extra = chart.measures ?? [];
  const headers = [...dims.map((d) => d.title), chart.measureTitle, ...extra.map((m) => m.title)];
  const decimals = [chart.decimals, ...extra.map((m) => m.decimals)];
  return {
    headers,
    decimals,
    rows: rows.map((r) => {
      const keys: [AggregateRow['key'], string | null | undefined][] = [
        [r.key, r.label],
        [r.series ?? null, r.seriesLabel],
        [r.detail ?? null, r.detailLabel],
      ];
      return {
        cells: dims.map((d, i) => keyLabel(d, keys[i]![0], keys[i]![1], enums)),
        figures: [r.value, ...extra.map((m) => r.values?.[m.name] ?? 0)],
      };
    }),
  };
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The table as CSV (UTF-8 with BOM, so spreadsheet programs read the Chinese). */
export function tableCsv(t: TableChart): string {
  const lines = [t.headers.map(csvCell).join(',')];
  for (const r of t.rows)
    lines.push(
      [...r.cells.map(csvCell), ...r.figures.map((v, i) => v.toFixed(t.decimals[i] ?? 0))].join(','),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const shownFigure = (v: number, decimals: number) => formatValue(v, decimals);
