import type { AggregateDef, AggregateDimensionDef, FieldDef, ResourceDef } from '../generated/schema-files';
import { isColumn } from './tables/plan';

/**
 * Aggregates (resource `aggregates`, docs/schemas.md "Charts and aggregates"): the pure parts shared by
 * the server's query (server/resources/sql/aggregate.ts), the lint and the chart renderer.
 */

export interface Dimension {
  field: string;
  by?: 'hour' | 'day' | 'week' | 'month' | 'year';
  label?: string;
  ageDays?: number[];
}

export const dimensionOf = (d: AggregateDimensionDef): Dimension =>
  typeof d === 'string' ? { field: d } : (d as Dimension);

/** 0–30天, 31–60天, 61–90天, 90天以上 for [30, 60, 90]. */
export function ageBucketLabels(limits: number[]): string[] {
  const out: string[] = [];
  let from = 0;
  for (const limit of limits) {
    out.push(`${from}–${limit}天`);
    from = limit + 1;
  }
  out.push(`${limits[limits.length - 1]}天以上`);
  return out;
}

const DAY = 86_400_000;
const CHINA_OFFSET = 8 * 3_600_000;

/** The last `days` China days up to today, oldest first, as YYYY-MM-DD. */
export function chinaDaysBack(now: Date, days: number): string[] {
  const today = Math.floor((now.getTime() + CHINA_OFFSET) / DAY);
  return Array.from({ length: days }, (_, i) =>
    new Date((today - days + 1 + i) * DAY).toISOString().slice(0, 10),
  );
}

const isDateField = (f: FieldDef | undefined) => f?.format === 'date' || f?.format === 'date-time';
const isNumeric = (f: FieldDef | undefined) => f?.type === 'number' || f?.type === 'integer';

type Add = (path: string, message: string) => void;

/**
 * The fields an aggregate names: with `lines`, a field of the line, else of the document (the line
 * wins a name both have); without, the document's.
 */
export function aggregateFields(r: ResourceDef, a: Pick<AggregateDef, 'lines'>): Record<string, FieldDef> {
  const line = a.lines ? r.children?.[a.lines] : undefined;
  return line ? { ...r.fields, ...line.fields } : r.fields;
}

/** A looked-up value (x-lookup, no column) may be a dimension: grouped by what it reads. */
const isLookup = (f: FieldDef | undefined) => Boolean(f?.['x-lookup']);

/** What the meta-schema cannot say: the fields exist as columns and suit what is done with them. */
export function checkAggregate(r: ResourceDef, name: string, a: AggregateDef, add: Add): void {
  const at = `/aggregates/${name}`;
  if (a.lines && !r.children?.[a.lines]) add(`${at}/lines`, `no child "${a.lines}"`);
  const fields = aggregateFields(r, a);
  const column = (field: string, path: string, lookupAllowed = false): FieldDef | undefined => {
    const f = fields[field];
    const usable = f && (isColumn(f) || (lookupAllowed && isLookup(f)));
    if (!f) add(path, `unknown field "${field}"`);
    else if (!usable)
      add(
        path,
        `"${field}" is not a column of "${r.table}"${a.lines ? ' or its lines' : ''} (computed fields cannot be grouped or measured, lookups only grouped)`,
      );
    else if (f['x-mask']) add(path, `"${field}" is masked personal data: it cannot be grouped or measured`);
    return usable && !f['x-mask'] ? f : undefined;
  };
  // The fixed conditions select documents, as the list's filters do: fields of the document.
  const docColumn = (field: string, path: string) => {
    const f = r.fields[field];
    if (!f || !isColumn(f)) add(path, `"${field}" is not a column of "${r.table}"`);
    return f;
  };
  if (!r.endpoints.list) add(at, "an aggregate needs the resource's list (its filters and scope)");
  (a.groupBy ?? []).forEach((raw, i) => {
    const d = dimensionOf(raw);
    const path = typeof raw === 'string' ? `${at}/groupBy/${i}` : `${at}/groupBy/${i}/field`;
    const f = column(d.field, path, true);
    if (!f) return;
    if ((d.by || d.ageDays) && !isDateField(f))
      add(path, `"${d.field}" is no date or date-time field (by / ageDays)`);
    if (d.by && d.ageDays) add(`${at}/groupBy/${i}`, 'by and ageDays exclude each other');
    // The label is a column of the row, or the name its id looks up (a store's name by shopId).
    const lk = d.label ? fields[d.label]?.['x-lookup'] : undefined;
    if (d.label && !(lk && lk.from === d.field && !fields[d.label]!['x-mask']))
      column(d.label, `${at}/groupBy/${i}/label`);
    const ages = d.ageDays ?? [];
    if (ages.some((n, j) => j > 0 && n <= ages[j - 1]!))
      add(`${at}/groupBy/${i}/ageDays`, 'ages must increase');
  });
  const measure = (m: { fn: string; field?: string }, mat: string) => {
    if (m.fn === 'count') {
      if (m.field) add(`${mat}/field`, 'count counts rows: no field');
    } else if (!m.field) add(mat, `${m.fn} needs a field`);
    else {
      const f = column(m.field, `${mat}/field`);
      if (f && (m.fn === 'sum' || m.fn === 'avg') && !isNumeric(f))
        add(`${mat}/field`, `"${m.field}" is not numeric (${m.fn})`);
    }
  };
  measure(a.measure, `${at}/measure`);
  for (const [n, m] of Object.entries(a.measures ?? {})) measure(m, `${at}/measures/${n}`);
  for (const field of Object.keys(a.where ?? {})) docColumn(field, `${at}/where/${field}`);
  if (a.recent) {
    const f = docColumn(a.recent.field, `${at}/recent/field`);
    if (f && !isDateField(f)) add(`${at}/recent/field`, `"${a.recent.field}" is no date or date-time field`);
  }
  if (a.path.includes(':')) add(`${at}/path`, 'this endpoint takes no path parameter');
}
