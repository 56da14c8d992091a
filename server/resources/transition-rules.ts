import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { type Engine, engineNow } from './context';
import { type AnyDb, dynamic } from './sql/db';
import { columnOf, fieldRef, selection, toApi } from './sql/select';
import type { Catalog, FieldDef, ResourceDef, TransitionDef } from '../../src/schema/types';

type Row = Record<string, unknown>;

/**
 * A refusal that concerns one row only (no candidate for `choose`): a synchronous batch leaves that
 * row as it is and reports it instead of rolling the batch back (server/resources/register.ts).
 */
export class RowSkipped extends ApiError {
  constructor(message: string) {
    super(409, 'E0409', message);
  }
}

/** "$row.x" read from the document; anything else is a constant. */
const rowValue = (v: unknown, row: Row) =>
  typeof v === 'string' && v.startsWith('$row.') ? row[v.slice(5)] : v;

/** A message's {field} placeholders: the first of `rows` holding the field (enum values by label). */
export function placeholders(
  catalog: Catalog,
  text: string,
  sources: { row: Row; fields: Record<string, FieldDef> }[],
): string {
  return text.replace(/\{([A-Za-z0-9]+)\}/g, (_, name: string) => {
    const src = sources.find((s) => s.row[name] !== undefined && s.row[name] !== null);
    if (!src) return '';
    const v = src.row[name];
    const e = src.fields[name]?.['x-enum'];
    const item = e ? catalog.enums.get(e)?.items.find((i) => String(i.value) === String(v)) : undefined;
    return item ? item.label : String(v);
  });
}

/** "HH:mm" of a moment in China time (UTC+8, no daylight saving). */
export const chinaClock = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);

/** Whether "HH:mm" lies within [from, to]; a `to` before `from` runs past midnight. */
export function withinWindow(time: string, from: string, to: string): boolean {
  return from <= to ? time >= from && time <= to : time >= from || time <= to;
}

/**
 * A transition's `timeWindow`: the row of the window's resource keyed by the document's values gives
 * the time of day it is accepted in (a store order's submission in its batch's 要货时间窗); outside it,
 * 409 with the declared message; no window row, no limit. The time is the engine's clock.
 */
export async function checkTimeWindow(
  engine: Engine,
  trx: AnyDb,
  t: TransitionDef,
  r: ResourceDef,
  row: Row,
): Promise<void> {
  const w = t.timeWindow;
  if (!w) return;
  const target = engine.catalog.resources.get(w.resource)!;
  let q = dynamic(trx).selectFrom(`${target.table} as t`).select(selection(target.fields));
  for (const [k, v] of Object.entries(w.key)) q = q.where(fieldRef(target.fields, k), '=', rowValue(v, row));
  const found = await q.limit(1).executeTakeFirst();
  // No window row: no limit (a batch headquarters gave no window; docs/decisions.md).
  if (!found) return;
  const window = toApi(target.fields, found as Row);
  const from = String(window[w.from] ?? '');
  const to = String(window[w.to] ?? '');
  if (from && to && withinWindow(chinaClock(engineNow(engine)), from, to)) return;
  throw ApiError.conflict(
    placeholders(engine.catalog, w.message, [
      { row: window, fields: target.fields },
      { row, fields: r.fields },
    ]),
  );
}

/**
 * A transition's `choose`: the candidate of the other resource (rows matching `where`) holding the
 * fewest rows of this resource in the `busy` states, ties by the lowest value, counted inside the
 * transaction (a batch sees its own earlier rows). None: RowSkipped with `none`.
 */
export async function chooseValue(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  row: Row,
): Promise<Row> {
  const c = t.choose;
  if (!c) return {};
  const from = engine.catalog.resources.get(c.resource)!;
  const valueCol = sql.ref(`c.${columnOf(from.fields, c.value)}`);
  const busy = sql`(select count(*) from ${sql.table(r.table)} as b
    where b.${sql.ref(columnOf(r.fields, c.field))} = ${valueCol}
      and b.${sql.ref(columnOf(r.fields, r.states!.field))} in (${sql.join(c.busy)}))`;
  let q = dynamic(trx)
    .selectFrom(`${from.table} as c`)
    .select([valueCol.as('value'), busy.as('busy')]);
  for (const [k, v] of Object.entries(c.where))
    q = q.where(fieldRef(from.fields, k, 'c'), '=', rowValue(v, row));
  const best = (await q
    .orderBy(sql`2`)
    .orderBy(valueCol)
    .limit(1)
    .executeTakeFirst()) as { value: unknown } | undefined;
  if (!best) throw new RowSkipped(placeholders(engine.catalog, c.none, [{ row, fields: r.fields }]));
  return { [c.field]: best.value };
}
