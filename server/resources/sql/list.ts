import { type SelectQueryBuilder, sql } from 'kysely';
import { snakeCase } from '../../../src/schema/tables/plan';
import type { Catalog, ResourceDef, SortItem } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { type Fixed, filterConditions } from './filters';
import { apiRowsAsJson, rowsFromJson } from './json-rows';
import { notNullColumns } from './not-null';
import { staticList } from './static-sql';
import { columnOf, fieldRef, selection } from './select';

export interface ListParams {
  pageNo: number;
  pageSize: number;
  sort?: SortItem[];
  [filter: string]: unknown;
}

export interface Page {
  list: Record<string, unknown>[];
  total: number;
  pageNo: number;
  pageSize: number;
  /** Present (false) when `total` is the planner's estimate: more rows match than are counted. */
  totalExact?: false;
}

/** A page whose rows are still the API's JSON array text (json-rows.ts). */
export interface PageText extends Omit<Page, 'list'> {
  listText: string;
}

export interface CountOptions {
  /**
   * Matching rows are counted exactly up to this many; beyond, `total` is the planner's estimate
   * (docs/decisions.md, "List paging and counts at volume"). Omitted: always exact (exports).
   */
  countCap?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type Query = SelectQueryBuilder<any, any, any>;

/**
 * ORDER BY of a list. Empty values go last in both directions (staff look for filled-in rows first);
 * a column the database declares NOT NULL has none, so its order is written without NULLS LAST: the
 * same rows in the same order, and the b-tree index every sort field has can then give the order by
 * a scan, forwards or backwards, instead of a sort of every matching row to find one page.
 */
function ordered(r: ResourceDef, query: Query, sort: SortItem[] | undefined, notNull: Set<string>): Query {
  const items = sort?.length ? sort : (r.defaultSort ?? []);
  let q = query;
  for (const s of items) {
    const f = r.fields[s.field];
    const filled =
      !!f && !f['x-lookup'] && !f['x-computed'] && notNull.has(snakeCase(columnOf(r.fields, s.field)));
    q = q.orderBy(fieldRef(r.fields, s.field), (ob) => {
      const dir = s.order === 'ascend' ? ob.asc() : ob.desc();
      return filled ? dir : dir.nullsLast();
    });
  }
  // The primary key breaks ties, so a row never shows on two pages.
  if (!items.some((s) => s.field === r.primaryKey))
    q = q.orderBy(`t.${columnOf(r.fields, r.primaryKey)}`, 'asc');
  return q;
}

/** `selection(r.fields)` of the row `t`, as SQL text compiled once when it binds no value (static-sql.ts). */
function selectRow(db: AnyDb, r: ResourceDef, query: Query): Query {
  const list = staticList(db, r.fields, 'selection', () => {
    const text = db.selectNoFrom(selection(r.fields)).compile();
    // The list alone (the compiled text is `select <list>`); a list that binds values stays a
    // parameter, so it is not kept as text and is built per request.
    return text.parameters.length ? sql`${sql.val(0)}` : sql.raw(text.sql.replace(/^select /, ''));
  });
  return list ? query.select(list as never) : query.select(selection(r.fields));
}

/**
 * The planner's estimate of the rows `query` returns (EXPLAIN, nothing is read): what a list shows
 * as its total once more rows match than it counts.
 */
async function estimatedRows(db: AnyDb, query: Query): Promise<number> {
  const compiled = query.compile();
  // Without the CamelCasePlugin: it would rename the plan's keys.
  const { rows } = await db.withoutPlugins().executeQuery<Record<string, unknown>>({
    ...compiled,
    sql: `explain (format json) ${compiled.sql}`,
  });
  const plan = Object.values(rows[0] ?? {})[0];
  const json = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(json[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * One page of rows as the API's JSON text: allow-listed filters and sorting only (request-schemas.ts
 * refuses the rest), plus the fixed conditions of the endpoint and the caller's scope (handlers/read.ts).
 * One round trip for the count and the page (a page past the end is simply empty); a second, planning
 * only, when more rows match than options.countCap.
 */
export async function listPageText(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  params: ListParams,
  fixed: Fixed = {},
  options: CountOptions = {},
): Promise<PageText> {
  const { pageNo, pageSize } = params;
  const conds = await filterConditions(db, catalog, r, params, fixed);
  if (conds === 'none') return { listText: '[]', total: 0, pageNo, pageSize };
  const notNull = await notNullColumns(db, r.table);
  const base = db.selectFrom(`${r.table} as t`).where((eb) => eb.and(conds.map((c) => c(eb))));
  const page = ordered(r, selectRow(db, r, base), params.sort, notNull)
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const cap = options.countCap;
  const matching = base.select(sql<number>`1`.as('one'));
  // A capped count reads at most cap + 1 matching rows, however many there are.
  const count =
    cap === undefined
      ? base.select(sql<number>`count(*)::int`.as('n'))
      : db.selectFrom(matching.limit(cap + 1).as('c')).select(sql<number>`count(*)::int`.as('n'));
  // A list with no condition at all (the default list of headquarters) reads the table's size in the
  // same statement, as the planner estimates it (rows per page at the last ANALYZE times the pages it
  // has now): no second round trip for its estimate.
  const whole = cap !== undefined && conds.length === 0;
  const tableSize = sql<number>`(select case when c.relpages > 0 and c.reltuples >= 0
    then c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::float8)
    else -1 end from pg_class c where c.oid = to_regclass(${r.table}))`;
  const found = await db
    .selectNoFrom([
      count.as('total'),
      apiRowsAsJson(db, r.fields, page).as('list'),
      ...(whole ? [tableSize.as('size')] : []),
    ])
    .executeTakeFirstOrThrow();
  const counted = Number(found.total ?? 0);
  if (cap !== undefined && counted > cap) {
    // Before the first ANALYZE (no statistics) the planner is asked.
    const size = Number(found.size ?? -1);
    const estimate = size > counted ? size : await estimatedRows(db, matching);
    const total = Math.max(counted, Math.round(estimate));
    return { listText: found.list as string, total, pageNo, pageSize, totalExact: false };
  }
  return { listText: found.list as string, total: counted, pageNo, pageSize };
}

/**
 * The primary keys of the rows a list matches, in its order, at most `limit`: what an export reads
 * once, before its rows in batches (rowsByKeys). One index-ordered read of the keys instead of a page
 * query per batch: no count per batch, and no deep OFFSET walking every earlier row again, so a
 * 50,000-row export costs the same per batch at the end as at the start.
 */
export async function listKeys(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  params: { sort?: SortItem[]; [filter: string]: unknown },
  fixed: Fixed,
  limit: number,
): Promise<unknown[]> {
  const conds = await filterConditions(db, catalog, r, { ...params, pageNo: 1, pageSize: limit }, fixed);
  if (conds === 'none') return [];
  const notNull = await notNullColumns(db, r.table);
  const pk = `t.${columnOf(r.fields, r.primaryKey)}`;
  const base = db
    .selectFrom(`${r.table} as t`)
    .where((eb) => eb.and(conds.map((c) => c(eb))))
    .select(sql.ref(pk).as('key'));
  const rows = await ordered(r, base, params.sort, notNull).limit(limit).execute();
  return rows.map((row) => (row as { key: unknown }).key);
}

/** The rows of these primary keys (listKeys) as a list shows them, in the keys' order; gone ones are left out. */
export async function rowsByKeys(
  db: AnyDb,
  r: ResourceDef,
  keys: unknown[],
): Promise<Record<string, unknown>[]> {
  if (!keys.length) return [];
  const base = db.selectFrom(`${r.table} as t`).where(`t.${columnOf(r.fields, r.primaryKey)}`, 'in', keys);
  const found = await db
    .selectNoFrom([apiRowsAsJson(db, r.fields, selectRow(db, r, base)).as('list')])
    .executeTakeFirstOrThrow();
  const byKey = new Map(
    rowsFromJson(r.fields, found.list as string).map((row) => [String(row[r.primaryKey]), row]),
  );
  return keys.map((k) => byKey.get(String(k))).filter((row) => row !== undefined);
}

/** Unpaged options (pickers): fixed conditions plus filters, capped. */
export async function listAll(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  params: Record<string, unknown>,
  fixed: Fixed,
  limit: number,
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const conds = await filterConditions(db, catalog, r, params, fixed);
  if (conds === 'none') return { list: [], total: 0 };
  const notNull = await notNullColumns(db, r.table);
  const q = db
    .selectFrom(`${r.table} as t`)
    .where((eb) => eb.and(conds.map((c) => c(eb))))
    .select(selection(r.fields));
  const found = await db
    .selectNoFrom([apiRowsAsJson(db, r.fields, ordered(r, q, undefined, notNull).limit(limit)).as('list')])
    .executeTakeFirstOrThrow();
  const list = rowsFromJson(r.fields, found.list as string);
  return { list, total: list.length };
}
