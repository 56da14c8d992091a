import { type SelectQueryBuilder, sql } from 'kysely';
import type { Catalog, ResourceDef, SortItem } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { type Fixed, filterConditions } from './filters';
import { rowsAsJson, rowsFromJson } from './json-rows';
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
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type Query = SelectQueryBuilder<any, any, any>;

function ordered(r: ResourceDef, query: Query, sort: SortItem[] | undefined): Query {
  const items = sort?.length ? sort : (r.defaultSort ?? []);
  let q = query;
  for (const s of items) {
    // Empty values last in both directions: staff look for filled-in rows first.
    q = q.orderBy(fieldRef(r.fields, s.field), (ob) =>
      s.order === 'ascend' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
    );
  }
  // The primary key breaks ties, so a row never shows on two pages.
  if (!items.some((s) => s.field === r.primaryKey))
    q = q.orderBy(`t.${columnOf(r.fields, r.primaryKey)}`, 'asc');
  return q;
}

/**
 * One page of rows: allow-listed filters and sorting only (request-schemas.ts refuses the rest), plus
 * the fixed conditions of the endpoint and the caller's store (handlers/read.ts).
 */
export async function listPage(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  params: ListParams,
  fixed: Fixed = {},
): Promise<Page> {
  const { pageNo, pageSize } = params;
  const conds = await filterConditions(db, catalog, r, params, fixed);
  if (conds === 'none') return { list: [], total: 0, pageNo, pageSize };
  const base = db.selectFrom(`${r.table} as t`).where((eb) => eb.and(conds.map((c) => c(eb))));
  const page = ordered(r, base.select(selection(r.fields)), params.sort)
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  // One round trip for the count and the page (a page past the end is simply empty).
  const found = await db
    .selectNoFrom([base.select(sql<number>`count(*)::int`.as('n')).as('total'), rowsAsJson(page).as('list')])
    .executeTakeFirstOrThrow();
  const total = Number(found.total ?? 0);
  return { list: rowsFromJson(r.fields, found.list as string), total, pageNo, pageSize };
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
  const q = db
    .selectFrom(`${r.table} as t`)
    .where((eb) => eb.and(conds.map((c) => c(eb))))
    .select(selection(r.fields));
  const found = await db
    .selectNoFrom([rowsAsJson(ordered(r, q, undefined).limit(limit)).as('list')])
    .executeTakeFirstOrThrow();
  const list = rowsFromJson(r.fields, found.list as string);
  return { list, total: list.length };
}
