import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { chinaDayStart, chinaNextDayStart, isDate, normaliseDateTime } from '../../../src/schema/dates';
import { filterFields } from '../../../src/schema/filters';
import { treeOfFilter } from '../../../src/schema/references';
import type { Catalog, FieldDef, FilterDef, ResourceDef, Scalar } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { columnOf, fieldRef } from './select';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type EB = ExpressionBuilder<any, any>;
export type Condition = (eb: EB) => Expression<SqlBool>;

const empty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === ''));

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A `via` filter: the value is an id elsewhere; compare the enum label of that row's column. */
async function viaValue(db: AnyDb, catalog: Catalog, flt: FilterDef, value: unknown): Promise<unknown> {
  const via = flt.via!;
  const row = await db
    .selectFrom(`${via.table} as v`)
    .select(`v.${via.column} as value`)
    .where(`v.${via.key}`, '=', value)
    .executeTakeFirst();
  if (!row) return undefined;
  const en = via.enum ? catalog.enums.get(via.enum) : undefined;
  return en ? en.items.find((i) => i.value === row.value)?.label : row.value;
}

/**
 * The values (as the referring field holds them) of a tree node and every node below it: a recursive
 * query over the tree resource's parent field (categories: a few hundred rows, three levels).
 */
function subtree(catalog: Catalog, f: FieldDef, flt: FilterDef, value: unknown) {
  const tree = treeOfFilter(catalog, f, flt)!;
  const target = tree.resource;
  const key = columnOf(target.fields, tree.key);
  const parent = columnOf(target.fields, target.tree!.parent);
  const table = sql.table(target.table);
  return sql`with recursive node(v) as (
    select ${sql.ref(key)} from ${table} where ${sql.ref(key)} = ${value}
    union all
    select ${sql.ref(`c.${key}`)} from ${table} c join node on ${sql.ref(`c.${parent}`)} = node.v
  ) select v from node`;
}

type Ref = ReturnType<typeof fieldRef>;

function between(f: FieldDef, col: Ref, [from, to]: unknown[]): Condition[] {
  const out: Condition[] = [];
  const dateTime = f.format === 'date-time';
  if (!empty(from)) {
    const v = dateTime
      ? isDate(String(from))
        ? chinaDayStart(String(from))
        : normaliseDateTime(String(from))
      : from;
    out.push((eb) => eb(col, '>=', v));
  }
  if (!empty(to)) {
    // A whole day as upper bound includes that day: compare with the start of the next one.
    if (dateTime && isDate(String(to))) out.push((eb) => eb(col, '<', chinaNextDayStart(String(to))));
    else out.push((eb) => eb(col, '<=', dateTime ? normaliseDateTime(String(to)) : to));
  }
  return out;
}

/** An endpoint's fixed conditions: a value is equality, a list any of its values. */
/** Any of several fields holding one of the values (a transfer's source or target warehouse). */
export interface AnyOf {
  anyOf: string[];
  in: Scalar[];
}
/** The fields together equal one of the tuples (a picker's bound warehouse and zone pairs: callerMatch). */
export interface TupleIn {
  fields: string[];
  tuples: Scalar[][];
}
export type Fixed = Record<string, Scalar | Scalar[] | AnyOf | TupleIn>;

const isAnyOf = (v: unknown): v is AnyOf =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'anyOf' in v;
export const isTupleIn = (v: unknown): v is TupleIn =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'tuples' in v;

/** Conditions of the allow-listed filters present in the request; absent and empty ones are ignored. */
export async function filterConditions(
  db: AnyDb,
  catalog: Catalog,
  r: ResourceDef,
  params: Record<string, unknown>,
  fixed: Fixed = {},
): Promise<Condition[] | 'none'> {
  const conds: Condition[] = Object.entries(fixed).map(([name, v]) => (eb) => {
    if (isTupleIn(v))
      return v.tuples.length
        ? eb.or(
            v.tuples.map((tuple) =>
              eb.and(v.fields.map((f, i) => eb(fieldRef(r.fields, f), '=', tuple[i]!))),
            ),
          )
        : sql<SqlBool>`false`;
    if (isAnyOf(v))
      return v.in.length
        ? eb.or(v.anyOf.map((f) => eb(`t.${columnOf(r.fields, f)}`, 'in', v.in)))
        : sql<SqlBool>`false`;
    return Array.isArray(v) ? eb(fieldRef(r.fields, name), 'in', v) : eb(fieldRef(r.fields, name), '=', v);
  });
  for (const [key, flt] of Object.entries(r.filters ?? {})) {
    let value = params[key];
    if (empty(value)) continue;
    if (flt.op === 'differs') {
      // A yes/no filter over pairs of fields: true keeps the rows where some pair differs.
      const yes = value === true || value === 'true' || value === 1 || value === '1';
      const pairs = (flt.pairs ?? []).map(
        ([a, b]) => sql<SqlBool>`${fieldRef(r.fields, a!)} is distinct from ${fieldRef(r.fields, b!)}`,
      );
      const any = sql<SqlBool>`(${sql.join(pairs, sql` or `)})`;
      conds.push(() => (yes ? any : sql<SqlBool>`not ${any}`));
      continue;
    }
    const field = flt.field ?? key;
    // A line filter compares a field of the child's lines (alias l) and keeps the documents with one.
    const line = flt.lines ? r.children![flt.lines]! : undefined;
    const fields = filterFields(r, flt);
    const alias = line ? 'l' : 't';
    const before = conds.length;
    // A column, or a looked-up value (fieldRef): lists over lines filter by their document's fields.
    const col = fieldRef(fields, field, alias);
    if (flt.via) {
      value = await viaValue(db, catalog, flt, value);
      // An unknown organisation matches nothing rather than everything.
      if (value === undefined) return 'none';
    }
    switch (flt.op) {
      case 'eq':
        conds.push((eb) => eb(col, '=', value));
        break;
      case 'contains': {
        const cols = (flt.fields ?? [field]).map((n) => fieldRef(fields, n, alias));
        const text = likeText(String(value).trim());
        conds.push((eb) => eb.or(cols.map((c) => eb(c, 'ilike', text))));
        break;
      }
      case 'in': {
        const list = (Array.isArray(value) ? value : [value]).filter((v) => !empty(v));
        if (list.length) conds.push((eb) => eb(col, 'in', list));
        break;
      }
      case 'between':
        conds.push(...between(fields[field]!, col, Array.isArray(value) ? value : [value]));
        break;
      case 'has': {
        // jsonb containment: served by a GIN index on the column when the table is large.
        const one = JSON.stringify([value]);
        conds.push(() => sql<SqlBool>`${col} @> ${one}::jsonb`);
        break;
      }
      case 'belowField': {
        // A yes/no filter: true keeps the rows whose field is below the other (stock below its minimum).
        const other = fieldRef(r.fields, flt.other!);
        const below = value === true || value === 'true' || value === 1 || value === '1';
        conds.push((eb) => eb(col, below ? '<' : '>=', other));
        break;
      }
      case 'under': {
        const sub = subtree(catalog, r.fields[field]!, flt, value);
        conds.push(() => sql<SqlBool>`${col} in (${sub})`);
        break;
      }
    }
    if (line) {
      const inner = conds.splice(before);
      const parent = sql.ref(`t.${columnOf(r.fields, r.primaryKey)}`);
      if (inner.length)
        conds.push(
          (eb) =>
            sql<SqlBool>`exists (select 1 from ${sql.table(line.table)} as l where ${sql.ref(
              `l.${line.foreignKey}`,
            )} = ${parent} and ${eb.and(inner.map((c) => c(eb)))})`,
        );
    }
  }
  return conds;
}
