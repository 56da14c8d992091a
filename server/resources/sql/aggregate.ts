import { type RawBuilder, sql } from 'kysely';
import type { AggregateDef, AggregateDimensionDef } from '../../../src/generated/schema-files';
import { ageBucketLabels, chinaDaysBack, dimensionOf } from '../../../src/schema/aggregates';
import type { AggregateRow } from '../../../src/schema/resolved';
import type { Catalog, FieldDef, ResourceDef } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { type Fixed, filterConditions } from './filters';
import { columnOf, fieldRef } from './select';
import { parseDecimal, toNumber } from '../../../src/schema/decimal';
import { decimalsOf } from '../../../src/schema/tables/plan';

const DEFAULT_LIMIT = 100;

/** A date-time in China time (UTC+8 all year: no daylight saving, so no time-zone database needed). */
const chinaTime = (col: RawBuilder<unknown>, dateOnly: boolean) =>
  dateOnly ? sql`${col}::timestamp` : sql`((${col}) at time zone 'UTC' + interval '8 hours')`;

const BUCKET_FORMAT = {
  hour: 'YYYY-MM-DD HH24:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
} as const;

/**
 * A field an aggregate names, as SQL: with `lines`, a field of the line (alias l) else of the document
 * (alias t); a looked-up field as the sub-select that reads it (a line's commodity category).
 */
type Resolve = (name: string) => { f: FieldDef; ref: RawBuilder<unknown> };

function resolver(r: ResourceDef, a: AggregateDef): Resolve {
  const line = a.lines ? r.children![a.lines]! : undefined;
  return (name) =>
    line?.fields[name]
      ? { f: line.fields[name], ref: fieldRef(line.fields, name, 'l') as RawBuilder<unknown> }
      : { f: r.fields[name]!, ref: fieldRef(r.fields, name, 't') as RawBuilder<unknown> };
}

/** The SQL of one dimension's key (and label when the dimension names one). */
function dimensionSql(resolve: Resolve, dim: AggregateDimensionDef, today: string) {
  const d = dimensionOf(dim);
  const { f, ref: col } = resolve(d.field);
  const dateOnly = f.format === 'date';
  let key: RawBuilder<unknown> = col;
  if (d.by === 'week') key = sql`to_char(date_trunc('week', ${chinaTime(col, dateOnly)}), 'YYYY-MM-DD')`;
  else if (d.by) key = sql`to_char(${chinaTime(col, dateOnly)}, ${BUCKET_FORMAT[d.by]})`;
  else if (d.ageDays) {
    // Whole days from the value's China day to today; bucket i holds ages up to ageDays[i].
    const day = sql`(${chinaTime(col, dateOnly)})::date`;
    const age = sql`(${today}::date - ${day})`;
    const cases = d.ageDays.map((limit, i) => sql`when ${age} <= ${limit} then ${i}`);
    // No date, no age: its own group (null), not the oldest bucket.
    key = sql`case when ${col} is null then null ${sql.join(cases, sql` `)} else ${d.ageDays.length} end`;
  }
  // A label column of the row, or the name the grouped id looks up (x-lookup from that id).
  const label = d.label ? resolve(d.label).ref : undefined;
  return { key, label, dim: d };
}

type Measure = Pick<AggregateDef['measure'], 'fn' | 'field'>;

function measureSql(resolve: Resolve, m: Measure): RawBuilder<unknown> {
  if (m.fn === 'count') return sql`count(*)`;
  const col = resolve(m.field!).ref;
  switch (m.fn) {
    case 'countDistinct':
      return sql`count(distinct ${col})`;
    case 'sum':
      return sql`coalesce(sum(${col}), 0)`;
    case 'avg':
      return sql`coalesce(avg(${col}), 0)`;
    case 'min':
      return sql`min(${col})`;
    case 'max':
      return sql`max(${col})`;
  }
}

/** Numbers at the measured field's scale (money 2, quantity 3), read from numeric text: no drift. */
function valueOf(resolve: Resolve, m: Measure, raw: unknown): number {
  const f = m.field ? resolve(m.field).f : undefined;
  const counted = m.fn === 'count' || m.fn === 'countDistinct';
  const digits = counted || f?.type === 'integer' ? 0 : f ? decimalsOf(f) : 0;
  const exact = parseDecimal(raw === null || raw === undefined ? 0 : String(raw));
  return exact ? toNumber(exact, digits) : 0;
}

/** Every day of the recent window as a key, so a line over time shows empty days as 0. */
function fillDays(rows: AggregateRow[], days: string[], series: boolean): AggregateRow[] {
  if (series) {
    const keys = new Set(rows.map((x) => x.series));
    const out: AggregateRow[] = [];
    for (const day of days)
      for (const s of keys) {
        const hit = rows.find((x) => x.key === day && x.series === s);
        const seriesLabel = rows.find((x) => x.series === s)?.seriesLabel;
        out.push(hit ?? { key: day, series: s, ...(seriesLabel ? { seriesLabel } : {}), value: 0 });
      }
    return out;
  }
  const byDay = new Map(rows.map((x) => [x.key, x]));
  return days.map((day) => byDay.get(day) ?? { key: day, value: 0 });
}

/**
 * One aggregate over the allow-listed filters of the request, the caller's scope and the aggregate's
 * fixed conditions: a GROUP BY of at most two dimensions (three for a table) with one measure (and the
 * aggregate's further `measures`, answered as `values`), limited to the top groups.
 */
export async function aggregateRows(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  a: AggregateDef,
  params: Record<string, unknown>,
  fixed: Fixed,
  now = new Date(),
): Promise<AggregateRow[]> {
  const conds = await filterConditions(db, catalog, r, params, fixed);
  if (conds === 'none') return [];
  const window = a.recent ? chinaDaysBack(now, a.recent.days) : undefined;
  const today = chinaDaysBack(now, 1)[0]!;
  const resolve = resolver(r, a);
  const dims = (a.groupBy ?? []).map((d) => dimensionSql(resolve, d, today));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
  const selects: any[] = [];
  dims.forEach((d, i) => {
    selects.push(d.key.as(`k${i}`));
    if (d.label) selects.push(sql`max(${d.label})`.as(`l${i}`));
  });
  selects.push(measureSql(resolve, a.measure).as('v'));
  const extra = Object.entries(a.measures ?? {});
  extra.forEach(([, m], i) => selects.push(measureSql(resolve, m).as(`m${i}`)));
  // Over a child's lines: each line joined to its document, which the filters and scope select.
  const line = a.lines ? r.children![a.lines]! : undefined;
  const from = line
    ? db
        .selectFrom(`${line.table} as l`)
        .innerJoin(`${r.table} as t`, `t.${columnOf(r.fields, r.primaryKey)}`, `l.${line.foreignKey}`)
    : db.selectFrom(`${r.table} as t`);
  let q = from.where((eb) => eb.and(conds.map((c) => c(eb)))).select(selects);
  if (a.recent && window) {
    const f = r.fields[a.recent.field]!;
    const col = sql.ref(`t.${columnOf(r.fields, a.recent.field)}`) as RawBuilder<unknown>;
    q = q.where(sql<boolean>`(${chinaTime(col, f.format === 'date')})::date >= ${window[0]}::date`);
  }
  // Grouped and ordered by the output names: a key with bound parameters (age buckets) written twice
  // would be two different expressions to PostgreSQL.
  const names = dims.map((_, i) => sql.ref(`k${i}`));
  if (names.length) q = q.groupBy(names);
  if (a.order === 'value') q = q.orderBy(sql.ref('v'), 'desc');
  names.forEach((n, i) => (q = q.orderBy(n, i === 0 && a.order === 'keyDesc' ? 'desc' : 'asc')));
  const limit = a.limit ?? DEFAULT_LIMIT;
  // Two dimensions: the limit counts categories, not category × series pairs.
  const found = (await q.limit(dims.length === 2 ? limit * 50 : limit).execute()) as Record<
    string,
    unknown
  >[];
  let rows: AggregateRow[] = found.map((raw) => {
    const row: Partial<AggregateRow> = {};
    dims.forEach((d, n) => {
      const k = (raw[`k${n}`] ?? null) as AggregateRow['key'];
      const ageLabel = d.dim.ageDays && k !== null ? ageBucketLabels(d.dim.ageDays)[Number(k)] : undefined;
      const label = d.label ? ((raw[`l${n}`] as string | null) ?? null) : ageLabel;
      if (n === 0) {
        row.key = k;
        if (label !== undefined) row.label = label;
      } else if (n === 1) {
        row.series = k;
        if (label !== undefined) row.seriesLabel = label;
      } else {
        row.detail = k;
        if (label !== undefined) row.detailLabel = label;
      }
    });
    row.value = valueOf(resolve, a.measure, raw.v);
    if (extra.length)
      row.values = Object.fromEntries(extra.map(([name, m], i) => [name, valueOf(resolve, m, raw[`m${i}`])]));
    return row as AggregateRow;
  });
  if (dims.length === 2) {
    const keep = new Set<unknown>();
    for (const x of rows) if (keep.size < limit) keep.add(x.key);
    rows = rows.filter((x) => keep.has(x.key));
  }
  const first = dims[0]?.dim;
  if (window && first?.field === a.recent!.field && first.by === 'day')
    rows = fillDays(rows, window, dims.length === 2);
  return rows;
}
