import { ApiError } from '../http/envelope';
import { conditionHolds, readTemplate } from '../../src/schema/effects';
import type { FillDef } from '../../src/generated/schema-files';
import type { ResourceDef } from '../../src/schema/types';
import type { Actor, Engine } from './context';
import { updateIn } from './handlers/write';
import { findRow } from './rows';
import type { AnyDb } from './sql/db';
import { filterConditions } from './sql/filters';
import { columnOf, selection, toApi } from './sql/select';

type Row = Record<string, unknown>;

const OPS: Record<string, '=' | '<>' | '>' | '>=' | '<' | '<='> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** A cap on the lines one fill writes (a whole warehouse's count sheet stays well below it). */
const MAX_LINES = 2000;

/** A transition's fills, one after the other (a statement draws receipts, returns and terms). */
export async function fillAll(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  fill: FillDef | FillDef[],
  id: unknown,
  actor: Actor,
): Promise<void> {
  for (const one of Array.isArray(fill) ? fill : [fill]) await fillLines(engine, trx, r, one, id, actor);
}

/**
 * A transition's `fill` (docs/schemas.md, stocktaking): the lines of a child become the rows of
 * another resource matching that resource's own filters, with values read from the document ("$row.x";
 * an empty one is no condition; a pair is a between range). The lines are written by a system update
 * of the document, so the child's references copy what they copy (a count sheet's book quantity is
 * the stock as it stands in this transaction) and its computed figures follow. A fill whose `when`
 * does not hold on the document leaves the child alone; `allowEmpty` lets nothing match.
 */
export async function fillLines(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  fill: FillDef,
  id: unknown,
  actor: Actor,
): Promise<void> {
  const source = engine.catalog.resources.get(fill.from)!;
  const doc = (await findRow(trx, r, r.primaryKey, id))!;
  if (!conditionHolds(fill.when, doc)) return;
  const params: Row = {};
  for (const [name, v] of Object.entries(fill.filters))
    params[name] = Array.isArray(v)
      ? v.map((x) => readTemplate(x, doc, {}) ?? null)
      : (readTemplate(v, doc, {}) ?? null);
  const conds = await filterConditions(trx, engine.catalog, source, params);
  let rows: Row[] = [];
  if (conds !== 'none') {
    let q = trx
      .selectFrom(`${source.table} as t`)
      .select(selection(source.fields))
      .where((eb) => eb.and(conds.map((c) => c(eb))));
    if (fill.where)
      q = q.where(`t.${columnOf(source.fields, fill.where.field)}`, OPS[fill.where.op]!, fill.where.value);
    for (const f of fill.orderBy ?? []) q = q.orderBy(`t.${columnOf(source.fields, f)}`);
    q = q.orderBy(`t.${columnOf(source.fields, source.primaryKey)}`);
    rows = ((await q.limit(MAX_LINES + 1).execute()) as Row[]).map((raw) => toApi(source.fields, raw));
  }
  if (!rows.length && !fill.allowEmpty)
    throw ApiError.conflict(fill.empty ?? `没有符合条件的${source.title}`);
  if (rows.length > MAX_LINES)
    throw ApiError.conflict(`符合条件的${source.title}超过 ${MAX_LINES} 条，请缩小范围`);
  const lines = rows.map((row) =>
    Object.fromEntries(Object.entries(fill.values).map(([to, from]) => [to, row[String(from)] ?? null])),
  );
  await updateIn(trx, engine, r, r.primaryKey, id, { [fill.child]: lines }, actor, {
    names: [],
    system: true,
  });
}
