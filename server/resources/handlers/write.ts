import { ApiError } from '../../http/envelope';
import { audit } from '../audit';
import { type Actor, type Engine, notFound, rowName, sqlState, stateLabel } from '../context';
import { computeHeader, computeLines } from '../../../src/schema/computed';
import { createFields, updateFields } from '../../../src/schema/request-schemas';
import { openGuards } from '../guards/index';
import { findRow, replaceChildren } from '../rows';
import { type AnyDb, dynamic } from '../sql/db';
import type { Caller } from '../scope';
import { applyReferences, assertUnreferenced } from '../references';
import { checkTreeDelete, checkTreeParent, refreshTree } from '../tree';
import { columnOf, toColumns } from '../sql/select';
import { headerField } from '../../../src/schema/references';
import { privateFileFields } from '../../../src/schema/private-files';
import { assertPrivateUpload } from '../../services/private-files';
import { indexName, snakeCase } from '../../../src/schema/tables/plan';
import type { FieldDef, ResourceDef } from '../../../src/schema/types';
import {
  checkConstraints,
  generateSecrets,
  needsId,
  nextId,
  pickValues,
  sealSecrets,
  stampValues,
} from '../values';
import { checkFieldStates } from '../field-states';
import { checkQuota } from '../rules';

/** A unique index beat our pre-check (two requests at once): answer as the pre-check would. */
export function constraintError(r: ResourceDef, error: unknown): unknown {
  if (sqlState(error) === '23505') {
    // The index that refused names the rule: a unique set's message, else the unique field's.
    const index = (error as { constraint?: string }).constraint;
    const set = (r.unique ?? []).find(
      (u) =>
        index ===
        indexName(
          r.table,
          u.fields.map((f) => snakeCase(columnOf(r.fields, f))),
          true,
        ),
    );
    const text = set?.message ?? Object.values(r.fields).find((f) => f['x-unique'])?.['x-unique'];
    return ApiError.conflict(text ?? `${r.title}已存在`);
  }
  if (sqlState(error) === '23503') return ApiError.conflict(`${r.title}已被其他数据引用，不能执行该操作`);
  return error;
}

/** Whether a line's references read a header field the request changes ("$header.x" in where). */
function dependsOnHeader(fields: Record<string, FieldDef>, body: Record<string, unknown>): boolean {
  return Object.values(fields).some((f) =>
    Object.values(f['x-reference']?.where ?? {}).some((v) => {
      const h = headerField(v);
      return h !== undefined && h in body;
    }),
  );
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
  /** The document's header as it will be stored: lines may only refer to rows it allows. */
  header: Record<string, unknown>,
  /** Update: the stored document with its lines. */
  stored: Record<string, unknown> | undefined,
  /** A request's writer: lines may only name rows a referenced view lists for him. */
  caller: Caller | undefined,
): Promise<[string, Record<string, unknown>[]][]> {
  const out: [string, Record<string, unknown>[]][] = [];
  const cache = new Map();
  for (const name of Object.keys(r.children ?? {})) {
    const child = r.children![name]!;
    if (!Array.isArray(body[name])) {
      // Lines kept as stored must still be allowed by the header (a changed supplier, say).
      const kept = stored?.[name];
      if (Array.isArray(kept) && dependsOnHeader(child.fields, body)) {
        for (const line of kept as Record<string, unknown>[])
          await applyReferences(
            db,
            engine.catalog,
            child.fields,
            { ...line },
            cache,
            { values: header, fields: r.fields },
            caller,
          );
      }
      continue;
    }
    const lines = (body[name] as Record<string, unknown>[]).map((line) => ({ ...line }));
    // Referenced rows first (they may bring names or prices), then the figures over them.
    for (const line of lines)
      await applyReferences(
        db,
        engine.catalog,
        child.fields,
        line,
        cache,
        { values: header, fields: r.fields },
        caller,
      );
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
    // A new document without the child's lines has none: its counts and sums are 0, not unknown.
    else if (!Object.keys(stored).length) lines[name] = [];
  }
  return computeHeader(r, header, lines);
}

/** Which fields a write takes from its values: a request's (the writable ones), or all a system write sets. */
export interface WriteScope {
  /** Fields taken from the body (default: what the endpoint accepts). */
  names?: string[];
  /** A write by the engine itself (a transition's effect): no editableIn check. */
  system?: boolean;
  /**
   * The row as the caller has just read it in this transaction, locked and with its lines
   * (findRows): not read a second time.
   */
  locked?: Record<string, unknown>;
}

/**
 * A changed private file (x-file) must be one the writer uploaded for its model type
 * (server/services/private-files.ts). Read in the write's transaction: on PGlite's single connection a
 * query on engine.db while the transaction is open waits for it forever.
 */
async function checkPrivateFiles(
  trx: AnyDb,
  r: ResourceDef,
  values: Record<string, unknown>,
  before: Record<string, unknown>,
  uploader: number | undefined,
): Promise<void> {
  for (const name of privateFileFields(r)) {
    if (!(name in values) || values[name] === before[name]) continue;
    await assertPrivateUpload(trx, r.fields[name]!['x-file']!.modelType, values[name], uploader);
  }
}

/** Whose scope a write's references are checked in: the requester's; the engine's own writes have none. */
const writer = (actor: Actor, scope: WriteScope): Caller | undefined =>
  scope.system ? undefined : { orgId: actor.orgId ?? null, userId: actor.userId };

/** Creates one row (with its lines) inside the caller's transaction; answers it as stored. */
export async function createIn(
  trx: AnyDb,
  engine: Engine,
  r: ResourceDef,
  body: Record<string, unknown>,
  actor: Actor,
  scope: WriteScope = {},
) {
  const values = pickValues(r, body, scope.names ?? createFields(r));
  const caller = writer(actor, scope);
  // "$header.x" on a header field reads the document itself.
  const self = { values, fields: r.fields };
  await applyReferences(trx, engine.catalog, r.fields, values, undefined, self, caller);
  const children = await childBodies(trx, engine, r, body, values, undefined, caller);
  Object.assign(values, headerFigures(r, values, children));
  await checkConstraints(trx, r, values, undefined, {}, children);
  await checkPrivateFiles(trx, r, values, {}, scope.system ? undefined : actor.userId);
  await sealSecrets(engine, r, values);
  if (r.states?.initial !== undefined && values[r.states.field] === undefined)
    values[r.states.field] = r.states.initial;
  const id = needsId(r.stamps?.create) ? await nextId(trx, r) : undefined;
  if (id !== undefined) values[r.primaryKey] = id;
  Object.assign(values, stampValues(r.stamps?.create, actor, id));
  await generateSecrets(r.stamps?.create, values);
  // Figures may read a stamp (a coupon's last day from its issue day, $today): computed again.
  Object.assign(values, headerFigures(r, values, children));
  // Limits counted over the table (a coupon template's quantity), the referenced row locked.
  await checkQuota(trx, engine, r, values);
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
}

/** Updates one row (and the lines the body carries) inside the caller's transaction. */
export async function updateIn(
  trx: AnyDb,
  engine: Engine,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  body: Record<string, unknown>,
  actor: Actor,
  scope: WriteScope = {},
) {
  const before =
    scope.locked ?? (await findRow(trx, r, keyField, keyValue, { forUpdate: true, children: true }));
  if (!before) throw notFound(r);
  const editable = r.states?.editableIn;
  const state = r.states ? before[r.states.field] : undefined;
  if (!scope.system && editable && !editable.includes(state as never)) {
    throw ApiError.conflict(`${rowName(r, before)}当前状态为“${stateLabel(engine, r, state)}”，不能编辑`);
  }
  if (!scope.system) checkFieldStates(engine, r, before, body);
  const id = before[r.primaryKey];
  const values = pickValues(r, body, scope.names ?? updateFields(r));
  const caller = writer(actor, scope);
  const self = { values: { ...before, ...values }, fields: r.fields };
  await applyReferences(trx, engine.catalog, r.fields, values, undefined, self, caller);
  await checkTreeParent(trx, r, before, values);
  const children = await childBodies(trx, engine, r, body, { ...before, ...values }, before, caller);
  const figures = headerFigures(r, { ...before, ...values }, children, before);
  for (const [name, v] of Object.entries(figures)) if (v !== before[name]) values[name] = v;
  await checkConstraints(trx, r, values, id, before, children);
  await checkPrivateFiles(trx, r, values, before, scope.system ? undefined : actor.userId);
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
}

export async function createRow(engine: Engine, r: ResourceDef, body: Record<string, unknown>, actor: Actor) {
  try {
    return await dynamic(engine.db)
      .transaction()
      .execute((trx) => createIn(trx, engine, r, body, actor));
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
      .execute((trx) => updateIn(trx, engine, r, keyField, keyValue, body, actor));
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
