import { ApiError } from '../http/envelope';
import { conditionHolds, templateRef } from '../../src/schema/effects';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import type { Actor, Engine } from './context';
import { createIn, updateIn } from './handlers/write';
import { findRow } from './rows';
import type { AnyDb } from './sql/db';
import { columnOf } from './sql/select';

type Row = Record<string, unknown>;

function valueOf(v: unknown, doc: Row, line: Row | undefined, actor: Actor): unknown {
  const ref = templateRef(v);
  if (ref) return (ref.from === 'row' ? doc : (line ?? {}))[ref.field] ?? null;
  if (v === '$now') return new Date();
  if (v === '$user.id') return actor.userId;
  if (v === '$user.realName') return actor.realName;
  return v;
}

const fill = (set: Record<string, unknown> | undefined, doc: Row, line: Row | undefined, actor: Actor) =>
  Object.fromEntries(Object.entries(set ?? {}).map(([k, v]) => [k, valueOf(v, doc, line, actor)]));

/** The one row of the target whose fields equal the key (locked for the write). */
async function findByKey(trx: AnyDb, target: ResourceDef, key: Row): Promise<Row | undefined> {
  let q = trx
    .selectFrom(`${target.table} as t`)
    .select(`t.${columnOf(target.fields, target.primaryKey)} as id`);
  for (const [k, v] of Object.entries(key)) q = q.where(`t.${columnOf(target.fields, k)}`, '=', v);
  const hit = (await q.limit(1).executeTakeFirst()) as { id: unknown } | undefined;
  return hit ? findRow(trx, target, target.primaryKey, hit.id, { forUpdate: true }) : undefined;
}

/**
 * Runs a transition's effects after its own write, in the same transaction (a refusal rolls the whole
 * transition back): each is a system write of the target resource through the engine, so the
 * target's references, computed figures, uniqueness, tree and audit apply as to any write.
 */
export async function runEffects(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  doc: Row,
  actor: Actor,
): Promise<void> {
  for (const e of t.effects ?? []) {
    if (!conditionHolds(e.when, doc)) continue;
    const target = engine.catalog.resources.get(e.resource)!;
    const lines = e.forEach
      ? ((doc[e.forEach] as Row[] | undefined) ?? []).filter((l) => conditionHolds(e.lineWhen, l))
      : [undefined];
    for (const line of lines) {
      const values = fill(e.values, doc, line, actor);
      const names = Object.keys(values);
      if (e.action === 'create') {
        await createIn(trx, engine, target, values, actor, { names, system: true });
        continue;
      }
      const key = fill(e.key, doc, line, actor);
      const found = await findByKey(trx, target, key);
      if (found) {
        await updateIn(trx, engine, target, target.primaryKey, found[target.primaryKey], values, actor, {
          names,
          system: true,
        });
      } else if (e.action === 'upsert') {
        await createIn(trx, engine, target, { ...key, ...values }, actor, {
          names: [...new Set([...Object.keys(key), ...names])],
          system: true,
        });
      } else {
        throw ApiError.conflict(
          `${target.title}【${Object.values(key).map(String).join('/')}】不存在，无法${t.title}`,
        );
      }
    }
  }
}
