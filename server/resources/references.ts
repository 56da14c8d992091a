import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { rowName } from './context';
import { resolveReference, resolveWhere } from '../../src/schema/references';
import { listConditions } from './handlers/read';
import { type Caller, rowInScope, scopeConditions } from './scope';
import type { AnyDb } from './sql/db';
import { columnOf, fieldRef, selection, toApi } from './sql/select';
import type { Catalog, FieldDef, ResourceDef } from '../../src/schema/types';

type Row = Record<string, unknown>;

/**
 * Checks every `x-reference` value of a row (header or line) against the referenced resource: the row
 * must exist and meet the reference's `where` (e.g. an enabled supplier), else 400 with the field's
 * Chinese title. A reference naming a scenario list (`view`) also needs the row to be one that list
 * shows the caller: its fixed conditions, and its store and warehouse scope when a caller is given (a
 * request's write; the engine's own writes pass none), so a warehouse clerk cannot name another
 * warehouse as a transfer's source by hand; a `scoped` reference is limited to the writer's scope of the
 * referenced list likewise (a store refunds its own orders). Then fills the `copy` fields from it, so a document's kept
 * names always match the row it points at, whatever the request said. One query per distinct value
 * within a call (`cache`). Pinned by tests/server/reference-scope.test.ts.
 */
export async function applyReferences(
  db: AnyDb,
  catalog: Catalog,
  fields: Record<string, FieldDef>,
  values: Row,
  cache: Map<string, Row | null> = new Map(),
  /** A line's document header: "$header.x" conditions read it (e.g. the order's supplier). */
  header?: { values: Row; fields: Record<string, FieldDef> },
  /** Who writes: a reference to a view is limited to what that view lists for him. */
  caller?: Caller,
): Promise<void> {
  for (const [name, f] of Object.entries(fields)) {
    const ref = f['x-reference'];
    const v = values[name];
    if (!ref || v === undefined || v === null || v === '') continue;
    const target = catalog.resources.get(ref.resource)!;
    const r = resolveReference(ref, target);
    const where = resolveWhere(r.where, header?.values);
    if (where.missing)
      throw ApiError.badRequest(`请先选择${header?.fields[where.missing]?.title ?? where.missing}`);
    const key = `${ref.resource}\u0000${r.value}\u0000${JSON.stringify(where.values)}\u0000${String(v)}`;
    let row = cache.get(key);
    if (row === undefined) {
      let q = db
        .selectFrom(`${target.table} as t`)
        .select(selection(target.fields))
        .where(`t.${columnOf(target.fields, r.value)}`, '=', v);
      for (const [k, w] of Object.entries(where.values))
        // A looked-up field compares its looked-up value (an invoice line's receipt line by supplier).
        q = q.where(fieldRef(target.fields, k), Array.isArray(w) ? 'in' : '=', w);
      const found = await q.limit(1).executeTakeFirst();
      row = found ? toApi(target.fields, found) : null;
      cache.set(key, row);
    }
    if (!row) {
      if (ref.message) throw ApiError.badRequest(refusal(catalog, ref.message, values, fields, header));
      throw ApiError.badRequest(
        Object.keys(r.where).length ? `所选${f.title}不存在或已停用` : `${f.title}不存在`,
      );
    }
    if (r.view) await checkView(db, catalog, target, r.view, row, f.title, caller);
    else if (ref.scoped && caller && !rowInScope(await scopeConditions(db, target, caller), row))
      throw ApiError.badRequest(`所选${f.title}不在您的管辖范围内`);
    for (const [to, from] of Object.entries(r.copy)) values[to] = row[from] ?? null;
  }
}

/** A reference's own message with its {field} placeholders: the row's values (enums by their labels). */
function refusal(
  catalog: Catalog,
  text: string,
  values: Row,
  fields: Record<string, FieldDef>,
  header: { values: Row; fields: Record<string, FieldDef> } | undefined,
): string {
  const all = { ...(header?.values ?? {}), ...values };
  const defs = { ...(header?.fields ?? {}), ...fields };
  return text.replace(/\{([A-Za-z0-9]+)\}/g, (_, name: string) => {
    const v = all[name];
    const e = defs[name]?.['x-enum'];
    const item = e ? catalog.enums.get(e)?.items.find((i) => i.value === v) : undefined;
    return item ? item.label : v === undefined || v === null ? '' : String(v);
  });
}

/** The referenced row is one the named view lists (for the caller, when there is one). */
async function checkView(
  db: AnyDb,
  catalog: Catalog,
  target: ResourceDef,
  view: string,
  row: Row,
  title: string,
  caller: Caller | undefined,
): Promise<void> {
  const anyone: Caller = { orgId: null, userId: caller?.userId ?? null };
  if (!rowInScope(await listConditions(db, target, anyone, view, catalog), row))
    throw ApiError.badRequest(`所选${title}不存在或已停用`);
  if (caller && !rowInScope(await scopeConditions(db, target, caller, view, catalog), row))
    throw ApiError.badRequest(`所选${title}不在您的管辖范围内`);
}

/**
 * Before a delete: no row of any resource (header or line) still refers to this one through an
 * x-reference, else 409 naming who refers to it (a category that still has commodities stays).
 */
export async function assertUnreferenced(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  row: Row,
): Promise<void> {
  for (const other of catalog.resources.values()) {
    const tables = [
      { table: other.table, fields: other.fields },
      ...Object.values(other.children ?? {}).map((c) => ({ table: c.table, fields: c.fields })),
    ];
    for (const { table, fields } of tables) {
      for (const [name, f] of Object.entries(fields)) {
        const ref = f['x-reference'];
        if (ref?.resource !== r.name) continue;
        const value = row[resolveReference(ref, r).value];
        if (value === undefined || value === null) continue;
        const hit = await db
          .selectFrom(`${table} as t`)
          .select(sql<number>`1`.as('hit'))
          .where(`t.${columnOf(fields, name)}`, '=', value)
          .limit(1)
          .executeTakeFirst();
        if (hit) throw ApiError.conflict(`${rowName(r, row)}已被${other.title}引用，不能删除`);
      }
    }
  }
}
