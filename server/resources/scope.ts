import { sql } from 'kysely';
import type { CallerMatchDef } from '../../src/generated/schema-files';
import type { Catalog, ResourceDef, Scalar } from '../../src/schema/types';
import { warehouseScopeOf } from '../../src/schema/scope';
import { type AnyDb, dynamic } from './sql/db';
import { type Fixed, isTupleIn, type TupleIn } from './sql/filters';
import { columnOf } from './sql/select';

/** Who reads: the chosen organisation and the user. */
export interface Caller {
  orgId: number | null;
  userId: number | null;
}

const WAREHOUSE_SCOPE = '$warehouseScope';
const CALLER_MATCH = '$callerMatch';

/**
 * The warehouses a caller is limited to, or null when he is not: a caller whose chosen organisation is
 * a warehouse (refObjType 3) sees the warehouses he belongs to (user_org), that one at least;
 * headquarters and stores are not limited by warehouse (DOMAIN.md: a warehouse sees what it ships or
 * receives, headquarters sees all).
 */
export async function callerWarehouses(db: AnyDb, caller: Caller): Promise<number[] | null> {
  if (caller.orgId === null) return null;
  const org = await db
    .selectFrom('org')
    .select('refObjType')
    .where('id', '=', caller.orgId)
    .executeTakeFirst();
  if (org?.refObjType !== 3) return null;
  const ids = new Set<number>([caller.orgId]);
  if (caller.userId !== null) {
    const rows = await db
      .selectFrom('userOrg as u')
      .innerJoin('org as o', 'o.id', 'u.orgId')
      .select('o.id')
      .where('u.userId', '=', caller.userId)
      .where('o.refObjType', '=', 3)
      .execute();
    for (const r of rows) ids.add(Number(r.id));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The scope conditions of a resource's list for a caller: its store (storeScope, when the chosen
 * organisation is a store) and its warehouses (warehouseScope, when it is a warehouse; a view's own
 * when it declares one). One place for lists, exports, details, prints and references to a view.
 */
export async function scopeConditions(
  db: AnyDb,
  r: ResourceDef,
  caller: Caller,
  /** A scenario list (views) with a warehouse scope of its own. */
  view?: string,
  /** Needed by a view's `callerMatch` (the other resource it reads). */
  catalog?: Catalog,
): Promise<Fixed> {
  const fixed: Fixed = {};
  const e = r.endpoints.list;
  const match = view ? r.views?.[view]?.callerMatch : undefined;
  if (match) {
    if (!catalog)
      throw new Error(`view ${r.name}.${view} has callerMatch: scopeConditions needs the catalog`);
    fixed[CALLER_MATCH] = await callerTuples(db, catalog, match, caller);
  }
  if (caller.orgId === null) return fixed;
  if (e?.storeScope) {
    const org = await db
      .selectFrom('org')
      .select('refObjType')
      .where('id', '=', caller.orgId)
      .executeTakeFirst();
    if (org?.refObjType === 2) fixed[e.storeScope] = caller.orgId;
  }
  const fields = warehouseScopeOf(r, view);
  if (fields.length) {
    const ids = await callerWarehouses(db, caller);
    if (ids) fixed[WAREHOUSE_SCOPE] = { anyOf: fields, in: ids };
  }
  return fixed;
}

/**
 * A view's `callerMatch`: the value tuples of the rows of the other resource naming the caller (a
 * picker's warehouse and zone pairs); a caller with none (or no user) matches no row.
 */
async function callerTuples(
  db: AnyDb,
  catalog: Catalog,
  m: CallerMatchDef,
  caller: Caller,
): Promise<TupleIn> {
  const other = catalog.resources.get(m.resource)!;
  const pairs = Object.entries(m.fields);
  let q = dynamic(db)
    .selectFrom(`${other.table} as t`)
    .select(pairs.map(([, theirs], i) => sql.ref(`t.${columnOf(other.fields, theirs)}`).as(`v${i}`)))
    .where(`t.${columnOf(other.fields, m.user)}`, '=', caller.userId ?? -1);
  for (const [k, v] of Object.entries(m.where ?? {})) q = q.where(`t.${columnOf(other.fields, k)}`, '=', v);
  const rows = (await q.execute()) as Record<string, Scalar>[];
  return {
    fields: pairs.map(([mine]) => mine),
    tuples: rows.map((row) => pairs.map((_, i) => row[`v${i}`]!)),
  };
}

/** Whether a row (as read) lies within the scope conditions (a detail or print of another's row is 404). */
export function rowInScope(fixed: Fixed, row: Record<string, unknown>): boolean {
  return Object.entries(fixed).every(([name, v]) => {
    if (isTupleIn(v)) return v.tuples.some((t) => v.fields.every((f, i) => String(row[f]) === String(t[i])));
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return v.anyOf.some((f) => v.in.map(String).includes(String(row[f])));
    if (Array.isArray(v)) return v.map(String).includes(String(row[name]));
    return String(v) === String(row[name]);
  });
}
