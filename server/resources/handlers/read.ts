import type { Engine } from '../context';
import { notFound } from '../context';
import { findRow } from '../rows';
import { aggregateRows } from '../sql/aggregate';
import { listAll, listPageText } from '../sql/list';
import type { Catalog, ResourceDef, SortItem } from '../../../src/schema/types';
import type { AnyDb } from '../sql/db';
import type { Fixed } from '../sql/filters';
import { type Caller, rowInScope, scopeConditions } from '../scope';

export type { Caller } from '../scope';

/**
 * The endpoint's fixed conditions ("$user.id" becomes the caller's id: an anonymous caller matches
 * nothing) and the caller's scope (../scope.ts): a store sees its own rows of a storeScope list, a
 * warehouse the rows of its warehouses in a warehouseScope list, headquarters all (as GET
 * /api/v1/shop/findAppOrderDetailsByOrderId does). Shared by the list endpoint and the export worker
 * (services/exports-worker.ts): one scope for both. Pinned by tests/server/print-lists.test.ts,
 * tests/server/export-scope.test.ts and tests/server/warehouse-scope.test.ts.
 */
export async function listConditions(
  db: AnyDb,
  r: ResourceDef,
  caller: Caller,
  view?: string,
  catalog?: Catalog,
) {
  // A scenario list (views, SPEC 7.6) has its own fixed conditions; the scope stays the list's unless
  // the view narrows it to the caller's warehouses itself.
  const where = view ? r.views?.[view]?.where : r.endpoints.list?.where;
  const fixed: Fixed = {};
  for (const [k, v] of Object.entries(where ?? {})) fixed[k] = v === '$user.id' ? (caller.userId ?? -1) : v;
  return { ...fixed, ...(await scopeConditions(db, r, caller, view, catalog)) };
}

/** One page of a list as the API's JSON text (sql/json-rows.ts), counted up to the engine's cap. */
export async function listRows(
  engine: Engine,
  r: ResourceDef,
  params: Record<string, unknown> | null,
  caller: Caller = { orgId: null, userId: null },
  view?: string,
) {
  const p = params ?? {};
  const fixed = await listConditions(engine.db, r, caller, view, engine.catalog);
  return listPageText(
    engine.db,
    engine.catalog,
    r,
    {
      ...p,
      pageNo: Number(p.pageNo ?? 1),
      pageSize: Number(p.pageSize ?? r.endpoints.list?.defaultPageSize ?? 20),
      sort: p.sort as SortItem[] | undefined,
    },
    fixed,
    { countCap: engine.listExactCount },
  );
}

/**
 * An aggregate (resource `aggregates`): the request's filters as a list's, the list's scope (a store
 * charts its own rows), and the aggregate's own fixed conditions in place of the list's.
 */
export async function aggregate(
  engine: Engine,
  r: ResourceDef,
  name: string,
  params: Record<string, unknown> | null,
  caller: Caller,
) {
  const a = r.aggregates![name]!;
  const fixed: Fixed = { ...(a.where ?? {}), ...(await scopeConditions(engine.db, r, caller)) };
  return aggregateRows(engine.db, engine.catalog, r, a, params ?? {}, fixed);
}

export async function allRows(engine: Engine, r: ResourceDef, params: Record<string, unknown> | null) {
  const e = r.endpoints.all!;
  return listAll(engine.db, engine.catalog, r, params ?? {}, e.where ?? {}, e.limit ?? 500);
}

/**
 * One row with its lines. A row outside the caller's scope is not found: the detail, and the print
 * pages that read it, apply the list's store and warehouse scope. (The list's other fixed conditions
 * are a view, not a scope: an approver reads an approval he did not start.)
 */
export async function getRow(
  engine: Engine,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  caller?: Caller,
) {
  const row = await findRow(engine.db, r, keyField, keyValue, { children: true });
  if (!row) throw notFound(r);
  if (caller && !rowInScope(await scopeConditions(engine.db, r, caller), row)) throw notFound(r);
  return row;
}

/**
 * Writes act only on rows the caller may read: an update, delete or transition of a row outside the
 * caller's store or warehouse scope is 404, exactly as its detail is (a warehouse user cannot ship
 * another warehouse's transfer by guessing its id). Headquarters (no scope) pays no read.
 */
export async function assertInScope(
  engine: Engine,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  caller: Caller,
): Promise<void> {
  const fixed = await scopeConditions(engine.db, r, caller);
  if (!Object.keys(fixed).length) return;
  const row = await findRow(engine.db, r, keyField, keyValue);
  // A missing row is left to the write itself, which answers its own 404.
  if (row && !rowInScope(fixed, row)) throw notFound(r);
}
