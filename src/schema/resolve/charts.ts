import type {
  AggregateDef,
  AggregateDimensionDef,
  ChartDef,
  FieldDef,
  ResourceDef,
} from '../../generated/schema-files';
import { aggregateFields, dimensionOf } from '../aggregates';
import { decimalsOf } from '../tables/plan';
import type { ResolveContext, ResolveProblem } from './context';

/** How the browser names one dimension's keys. */
export interface ChartDimension {
  field: string;
  title: string;
  /** Enum values are shown by their labels. */
  enumName?: string;
  boolean?: boolean;
  /** Date buckets keep their key text (2026-11-24, 2026-11). */
  bucket?: string;
}

/** What the browser needs to draw one chart: its figures' path and how they are labelled. */
export interface ChartView {
  key: string;
  title: string;
  type: ChartDef['type'];
  span: number;
  height: number;
  /** The aggregate's route: POST with the list's filters as the body, or GET with them in the query. */
  path: string;
  method: AggregateDef['method'];
  dimensions: ChartDimension[];
  /** The measure's decimals (money 2, quantity 3, counts 0). */
  decimals: number;
  /** The measure's name in tooltips (采购金额, 单数); a table's column title (its `title`, if any). */
  measureTitle: string;
  /** A table's further columns: the aggregate's `measures`, answered as each row's values. */
  measures?: { name: string; title: string; decimals: number }[];
}

export interface ResolvedChart extends ChartView {
  resource: string;
  aggregate: string;
  def: AggregateDef;
}

/** `fields`: the aggregate's (aggregateFields: a line's, else its document's). */
const dimensionFrom = (fields: Record<string, FieldDef>, raw: AggregateDimensionDef): ChartDimension => {
  const d = dimensionOf(raw);
  const f: FieldDef | undefined = fields[d.field];
  return {
    field: d.field,
    title: f?.title ?? d.field,
    ...(f?.['x-enum'] && !d.by && !d.ageDays ? { enumName: f['x-enum'] } : {}),
    ...(f?.type === 'boolean' ? { boolean: true } : {}),
    ...(d.by ? { bucket: d.by } : {}),
  };
};

/**
 * One chart of a page (or a home block) against its resource's aggregate: titles, sizes and how its
 * keys are labelled. A chart naming no aggregate of the resource becomes a problem naming the file.
 */
export function resolveChart(
  ctx: ResolveContext,
  chart: ChartDef,
  r: ResourceDef | undefined,
  file: string,
  path: string,
  problems: ResolveProblem[],
): ResolvedChart | undefined {
  const def = r?.aggregates?.[chart.aggregate];
  if (!r || !def) {
    problems.push({
      text: `配置错误：${file} ${path} 的统计“${chart.aggregate}”不是资源的 aggregates`,
      source: { file, path },
    });
    return undefined;
  }
  const dimensions = (def.groupBy ?? []).map((d) => dimensionFrom(aggregateFields(r, def), d));
  for (const d of dimensions)
    if (d.enumName && !ctx.enumDef(d.enumName))
      problems.push({
        text: `配置错误：${file} ${path} 的枚举“${d.enumName}”不存在`,
        source: { file, path },
      });
  if (chart.type !== 'table' && dimensions.length > 2)
    problems.push({
      text: `配置错误：${file} ${path} 的统计“${chart.aggregate}”有三个分组，只能用 table 显示`,
      source: { file, path },
    });
  if (chart.type !== 'statistic' && !dimensions.length)
    problems.push({
      text: `配置错误：${file} ${path} 的统计“${chart.aggregate}”没有分组，只能用 statistic 显示`,
      source: { file, path },
    });
  return { ...chartView(r, def, chart), resource: r.name, aggregate: chart.aggregate, def };
}

/**
 * How one chart of an aggregate is drawn: sizes, its route, how its keys are labelled and the
 * measure's decimals. Shared by page charts (above) and home dashboards (server/routes/home).
 */
export function chartView(
  r: ResourceDef,
  def: AggregateDef,
  chart: Pick<ChartDef, 'aggregate' | 'type' | 'title' | 'span' | 'height'>,
): ChartView {
  const fields = aggregateFields(r, def);
  const decimalsOfMeasure = (m: { fn: string; field?: string }) => {
    const mf = m.field ? fields[m.field] : undefined;
    const counted = m.fn === 'count' || m.fn === 'countDistinct';
    return counted || !mf || mf.type === 'integer' ? 0 : decimalsOf(mf);
  };
  const statistic = chart.type === 'statistic';
  const table = chart.type === 'table';
  return {
    key: `${chart.aggregate}:${chart.type}`,
    title: chart.title ?? def.title,
    type: chart.type,
    span: chart.span ?? (statistic ? 6 : 12),
    height: chart.height ?? (statistic ? 96 : 280),
    path: def.path,
    method: def.method,
    dimensions: (def.groupBy ?? []).map((d) => dimensionFrom(fields, d)),
    decimals: decimalsOfMeasure(def.measure),
    measureTitle: (table && def.measure.title) || def.title,
    ...(table
      ? {
          measures: Object.entries(def.measures ?? {}).map(([name, m]) => ({
            name,
            title: m.title,
            decimals: decimalsOfMeasure(m),
          })),
        }
      : {}),
  };
}
