import { sql } from 'kysely';
import { ApiError } from '../../http/envelope';
import { audit } from '../audit';
import { type Actor, type Engine, notFound } from '../context';
import { openGuards } from '../guards/index';
import { findRow } from '../rows';
import { type AnyDb, dynamic } from '../sql/db';
import { columnOf, loadRows } from '../sql/select';
import type { RelationDef, ResourceDef } from '../../../src/schema/types';

async function linkedIds(db: AnyDb, rel: RelationDef, id: unknown): Promise<number[]> {
  const rows = await db
    .selectFrom(`${rel.table} as l`)
    .select(`l.${rel.otherKey} as other`)
    .where(`l.${rel.ownKey}`, '=', id)
    .orderBy(`l.${rel.otherKey}`)
    .execute();
  return rows.map((row) => Number(row.other));
}

async function answer(engine: Engine, db: AnyDb, rel: RelationDef, ids: number[]) {
  const target = engine.catalog.resources.get(rel.target)!;
  const pk = columnOf(target.fields, target.primaryKey);
  const list = ids.length
    ? await loadRows(db, target.table, target.fields, { column: pk, op: 'in', value: ids }, pk)
    : [];
  return { ids, list };
}

/** The linked rows of one record, e.g. a user's roles: { ids, list }. */
export async function getRelation(engine: Engine, r: ResourceDef, name: string, id: unknown) {
  const rel = r.relations![name]!;
  if (!(await findRow(engine.db, r, r.primaryKey, id))) throw notFound(r);
  return answer(engine, engine.db, rel, await linkedIds(engine.db, rel, id));
}

/** Replaces the links; every id must name a row of the target that may be linked (targetWhere). */
export async function setRelation(
  engine: Engine,
  r: ResourceDef,
  name: string,
  id: unknown,
  ids: number[],
  actor: Actor,
) {
  const rel = r.relations![name]!;
  const target = engine.catalog.resources.get(rel.target)!;
  return dynamic(engine.db)
    .transaction()
    .execute(async (trx) => {
      const guards = await openGuards(trx, r.name, 'relation', actor);
      if (!(await findRow(trx, r, r.primaryKey, id, { forUpdate: true }))) throw notFound(r);
      if (ids.length) {
        let q = trx
          .selectFrom(`${target.table} as t`)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(`t.${columnOf(target.fields, target.primaryKey)}`, 'in', ids);
        for (const [field, v] of Object.entries(rel.targetWhere ?? {}))
          q = q.where(`t.${columnOf(target.fields, field)}`, '=', v);
        const found = await q.executeTakeFirst();
        if (Number(found?.n) !== ids.length) throw ApiError.badRequest(`所选${rel.title}不存在或已停用`);
      }
      const before = await linkedIds(trx, rel, id);
      await trx.deleteFrom(rel.table).where(rel.ownKey, '=', id).execute();
      if (ids.length) {
        await trx
          .insertInto(rel.table)
          .values(ids.map((other) => ({ [rel.ownKey]: id, [rel.otherKey]: other })))
          .execute();
      }
      await guards.check(name);
      const after = [...ids].sort((a, b) => a - b);
      await audit(trx, actor, {
        action: `relation:${name}`,
        entity: r.name,
        entityId: id,
        before: { ids: before },
        after: { ids: after },
      });
      return answer(engine, trx, rel, after);
    });
}
