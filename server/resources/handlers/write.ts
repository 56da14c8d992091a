import { ApiError } from '../../http/envelope';
import { audit } from '../audit';
import { type Actor, type Engine, notFound, rowName, sqlState, stateLabel } from '../context';
import { computeHeader, computeLines } from '../../../src/schema/computed';
import { createFields, updateFields } from '../../../src/schema/request-schemas';
import { openGuards } from '../guards/index';
import { findRow, replaceChildren } from '../rows';
import { type AnyDb, dynamic } from '../sql/db';
import { applyReferences, assertUnreferenced } from '../references';
import { checkTreeDelete, checkTreeParent, refreshTree } from '../tree';
import { columnOf, toColumns } from '../sql/select';
import type { ResourceDef } from '../../../src/schema/types';
import { checkConstraints, needsId, nextId, pickValues, sealSecrets, stampValues } from '../values';

/** A unique index beat our pre-check (two requests at once): answer as the pre-check would. */
function constraintError(r: ResourceDef, error: unknown): unknown {
  if (sqlState(error) === '23505') {
    const text = Object.values(r.fields).find((f) => f['x-unique'])?.['x-unique'];
    return ApiError.conflict(text ?? `${r.title}已存在`);
  }
  if (sqlState(error) === '23503') return ApiError.conflict(`${r.title}已被其他数据引用，不能执行该操作`);
  return error;
}

/**
 * The line arrays a request carries, with their computed fields (x-computed) filled in by the server:
 * whatever figures the browser sent for them are replaced.
 */
async function childBodies(
  db: AnyDb,
  engine: Engine,
  r: ResourceDef,
  body: Record<string, unknown>,
): Promise<[string, Record<string, unknown>[]][]> {
  const out: [string, Record<string, unknown>[]][] = [];
  const cache = new Map();
  for (const name of Object.keys(r.children ?? {})) {
    if (!Array.isArray(body[name])) continue;
    const child = r.children![name]!;
    const lines = (body[name] as Record<string, unknown>[]).map((line) => ({ ...line }));
    // Referenced rows first (they may bring names or prices), then the figures over them.
    for (const line of lines) await applyReferences(db, engine.catalog, child.fields, line, cache);
    out.push([name, computeLines(child, lines)]);
  }
  return out;
}

/** The header's computed fields over its values and lines (the request's, else the stored ones). */
function headerFigures(
  r: ResourceDef,
  header: Record<string, unknown>,
  given: [string, Record<string, unknown>[]][],
  stored: Record<string, unknown> = {},
) {
  const lines: Record<string, Record<string, unknown>[]> = {};
  for (const name of Object.keys(r.children ?? {})) {
    const fromRequest = given.find(([n]) => n === name)?.[1];
    const kept = stored[name];
    if (fromRequest) lines[name] = fromRequest;
    else if (Array.isArray(kept)) lines[name] = kept as Record<string, unknown>[];
  }
  return computeHeader(r, header, lines);
}

export async function createRow(engine: Engine, r: ResourceDef, body: Record<string, unknown>, actor: Actor) {
  const names = createFields(r);
  try {
    return await dynamic(engine.db)
      .transaction()
      .execute(async (trx) => {
        const values = pickValues(r, body, names);
        await applyReferences(trx, engine.catalog, r.fields, values);
        const children = await childBodies(trx, engine, r, body);
        Object.assign(values, headerFigures(r, values, children));
        await checkConstraints(trx, r, values);
        await sealSecrets(engine, r, values);
        if (r.states?.initial !== undefined) values[r.states.field] = r.states.initial;
        const id = needsId(r.stamps?.create) ? await nextId(trx, r) : undefined;
        if (id !== undefined) values[r.primaryKey] = id;
        Object.assign(values, stampValues(r.stamps?.create, actor, id));
        const pk = columnOf(r.fields, r.primaryKey);
        const inserted = await trx
          .insertInto(r.table)
          .values(toColumns(r.fields, values))
          .returning(pk)
          .executeTakeFirstOrThrow();
        const newId = inserted[pk];
        for (const [name, items] of children) await replaceChildren(trx, r, name, newId, items);
        await refreshTree(trx, r);
        const after = await findRow(trx, r, r.primaryKey, newId, { children: true });
        await audit(trx, actor, { action: 'create', entity: r.name, entityId: newId, before: null, after });
        // Created in a workflow's pending state: its approval starts in this transaction.
        if (engine.workflows && after) {
          await engine.workflows.entered(trx, r, after, actor);
          return findRow(trx, r, r.primaryKey, newId, { children: true });
        }
        return after;
      });
  } catch (error) {
    throw constraintError(r, error);
  }
}

export async function updateRow(
  engine: Engine,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  body: Record<string, unknown>,
  actor: Actor,
) {
  try {
    return await dynamic(engine.db)
      .transaction()
      .execute(async (trx) => {
        const before = await findRow(trx, r, keyField, keyValue, { forUpdate: true, children: true });
        if (!before) throw notFound(r);
        const editable = r.states?.editableIn;
        const state = r.states ? before[r.states.field] : undefined;
        if (editable && !editable.includes(state as never)) {
          throw ApiError.conflict(
            `${rowName(r, before)}当前状态为“${stateLabel(engine, r, state)}”，不能编辑`,
          );
        }
        const id = before[r.primaryKey];
        const values = pickValues(r, body, updateFields(r));
        await applyReferences(trx, engine.catalog, r.fields, values);
        await checkTreeParent(trx, r, before, values);
        const children = await childBodies(trx, engine, r, body);
        const figures = headerFigures(r, { ...before, ...values }, children, before);
        for (const [name, v] of Object.entries(figures)) if (v !== before[name]) values[name] = v;
        await checkConstraints(trx, r, values, id);
        Object.assign(values, stampValues(r.stamps?.update, actor));
        if (Object.keys(values).length) {
          await trx
            .updateTable(r.table)
            .set(toColumns(r.fields, values))
            .where(columnOf(r.fields, r.primaryKey), '=', id)
            .execute();
        }
        for (const [name, items] of children) await replaceChildren(trx, r, name, id, items);
        await refreshTree(trx, r);
        const after = await findRow(trx, r, r.primaryKey, id, { children: true });
        await audit(trx, actor, { action: 'update', entity: r.name, entityId: id, before, after });
        return after;
      });
  } catch (error) {
    throw constraintError(r, error);
  }
}

export async function deleteRow(
  engine: Engine,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  actor: Actor,
) {
  try {
    await dynamic(engine.db)
      .transaction()
      .execute(async (trx) => {
        const guards = await openGuards(trx, r.name, 'delete', actor);
        const before = await findRow(trx, r, keyField, keyValue, { forUpdate: true, children: true });
        if (!before) throw notFound(r);
        const id = before[r.primaryKey];
        if (r.protectSelf && id === actor.userId) throw ApiError.conflict('不能删除当前登录的账号');
        const deletable = r.states?.deletableIn;
        const state = r.states ? before[r.states.field] : undefined;
        if (deletable && !deletable.includes(state as never)) {
          throw ApiError.conflict(
            `${rowName(r, before)}当前状态为“${stateLabel(engine, r, state)}”，不能删除`,
          );
        }
        await checkTreeDelete(trx, r, before);
        await assertUnreferenced(trx, engine.catalog, r, before);
        for (const child of Object.values(r.children ?? {})) {
          await trx.deleteFrom(child.table).where(child.foreignKey, '=', id).execute();
        }
        await trx.deleteFrom(r.table).where(columnOf(r.fields, r.primaryKey), '=', id).execute();
        await guards.check();
        await audit(trx, actor, { action: 'delete', entity: r.name, entityId: id, before, after: null });
      });
  } catch (error) {
    throw constraintError(r, error);
  }
  return null;
}
