import type { ResourceDef } from '../../src/schema/types';
import { warehouseScopeOf } from '../../src/schema/scope';
import type { AnyDb } from './sql/db';
import type { Fixed } from './sql/filters';

/** Who reads: the chosen organisation and the user. */
export interface Caller {
  orgId: number | null;
  userId: number | null;
}

const WAREHOUSE_SCOPE = '$warehouseScope';

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
): Promise<Fixed> {
  const fixed: Fixed = {};
  const e = r.endpoints.list;
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

/** Whether a row (as read) lies within the scope conditions (a detail or print of another's row is 404). */
export function rowInScope(fixed: Fixed, row: Record<string, unknown>): boolean {
  return Object.entries(fixed).every(([name, v]) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v))
      return v.anyOf.some((f) => v.in.map(String).includes(String(row[f])));
    if (Array.isArray(v)) return v.map(String).includes(String(row[name]));
    return String(v) === String(row[name]);
  });
}
