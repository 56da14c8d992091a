import { type ExpressionBuilder, sql } from 'kysely';
import { decimalsOf } from '../../../src/schema/tables/plan';
import type { FieldDef } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { depreciationSql } from './depreciation';

/** Column (camelCase; CamelCasePlugin writes snake_case) of a field. */
export const columnOf = (fields: Record<string, FieldDef>, name: string) =>
  fields[name]?.['x-column'] ?? name;

/**
 * What a filter or a sort compares for a field of the row aliased `alias`: its column, or for an
 * `x-lookup` field the looked-up value (a sub-select by the lookup's key), so a list over lines can
 * search and sort by its document's code, warehouse or time (the 上架单 list over putaway lines).
 */
export function fieldRef(fields: Record<string, FieldDef>, name: string, alias = 't') {
  const sumOf = fields[name]?.['x-computed']?.sumOf;
  if (sumOf) return sumOfSql(fields, name, alias);
  const lk = fields[name]?.['x-lookup'];
  if (!lk) return sql.ref(`${alias}.${columnOf(fields, name)}`);
  // `from` may itself be looked up (a delivery line's store order, through its delivery): nested.
  const from: ReturnType<typeof sql.ref> | ReturnType<typeof sql> = fields[lk.from]?.['x-lookup']
    ? fieldRef(fields, lk.from, alias)
    : sql.ref(`${alias}.${columnOf(fields, lk.from)}`);
  const h = lk.header;
  if (h) {
    // A line of another document whose header must match this row (a store's slot on an enabled wall
    // of the order's warehouse): the line table joined to its header.
    const conditions = [sql`${sql.ref(`lk.${lk.key}`)} = ${from}`];
    for (const [column, field] of Object.entries(h.match ?? {}))
      conditions.push(sql`${sql.ref(`lh.${column}`)} = ${sql.ref(`${alias}.${columnOf(fields, field)}`)}`);
    for (const [column, value] of Object.entries(h.where ?? {}))
      conditions.push(sql`${sql.ref(`lh.${column}`)} = ${value}`);
    const value = h.column ? sql.ref(`lh.${h.column}`) : sql.ref(`lk.${lk.column}`);
    return sql`(select ${value} from ${sql.table(lk.table)} as lk join ${sql.table(h.table)} as lh on ${sql.ref(
      `lh.id`,
    )} = ${sql.ref(`lk.${h.key}`)} where ${sql.join(conditions, sql` and `)} order by ${sql.ref('lh.id')} limit 1)`;
  }
  return sql`(select ${sql.ref(`lk.${lk.column}`)} from ${sql.table(lk.table)} as lk where ${sql.ref(
    `lk.${lk.key}`,
  )} = ${from} limit 1)`;
}

/**
 * An `x-computed.sumOf` figure: the sum of another table's column over its rows matching this row,
 * at the field's decimals, 0 when none match (a safety-stock line's stock on hand).
 */
function sumOfSql(fields: Record<string, FieldDef>, name: string, alias: string) {
  const f = fields[name]!;
  const s = f['x-computed']!.sumOf!;
  const matches = Object.entries(s.on).map(
    ([column, from]) => sql`${sql.ref(`so.${column}`)} = ${sql.ref(`${alias}.${columnOf(fields, from)}`)}`,
  );
  for (const [column, value] of Object.entries(s.where ?? {}))
    matches.push(sql`${sql.ref(`so.${column}`)} = ${value}`);
  return sql<string>`(select round(coalesce(sum(${sql.ref(`so.${s.column}`)}), 0), ${sql.lit(decimalsOf(f))}) from ${sql.table(
    s.table,
  )} as so where ${sql.join(matches, sql` and `)})`;
}

/** The select list of the readable fields of a row aliased `t`: lookups as sub-selects, dates as text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type Selector = (eb: ExpressionBuilder<any, any>) => any;

export function selection(fields: Record<string, FieldDef>, alias = 't'): Selector[] {
  return Object.entries(fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name, f]) => (eb) => {
      const count = f['x-computed']?.count;
      if (count) {
        const ca = `cnt_${name}`;
        let sub = eb
          .selectFrom(`${count.table} as ${ca}`)
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef(`${ca}.${count.key}`, '=', `${alias}.${columnOf(fields, count.from)}`);
        for (const [column, value] of Object.entries(count.where ?? {}))
          sub = sub.where(`${ca}.${column}`, '=', value);
        return sub.as(name);
      }
      const depreciation = f['x-computed']?.depreciation;
      if (depreciation) return depreciationSql(fields, depreciation, alias).as(name);
      if (f['x-computed']?.sumOf) return sumOfSql(fields, name, alias).as(name);
      const lk = f['x-lookup'];
      // A lookup through another looked-up field: the nested sub-select of fieldRef.
      if (lk && (fields[lk.from]?.['x-lookup'] || lk.header)) return fieldRef(fields, name, alias).as(name);
      if (lk) {
        const la = `lk_${name}`;
        return eb
          .selectFrom(`${lk.table} as ${la}`)
          .select(`${la}.${lk.column}`)
          .whereRef(`${la}.${lk.key}`, '=', `${alias}.${columnOf(fields, lk.from)}`)
          .limit(1)
          .as(name);
      }
      const ref = `${alias}.${columnOf(fields, name)}`;
      // A date column read as a JS Date would shift with the server's time zone; text does not.
      if (f.format === 'date') return sql<string>`to_char(${sql.ref(ref)}, 'YYYY-MM-DD')`.as(name);
      return eb.ref(ref).as(name);
    });
}

/** Database values to API values: numerics (strings from both drivers) to numbers, instants to ISO text. */
export function toApi(
  fields: Record<string, FieldDef>,
  raw: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (f.writeOnly) continue;
    const v = raw[name];
    if (v === null || v === undefined) out[name] = null;
    else if (f.type === 'number' || f.type === 'integer') out[name] = Number(v);
    else if (v instanceof Date) out[name] = v.toISOString();
    else out[name] = v;
  }
  return out;
}

/** API values to column values for a write (arrays are jsonb). */
export function toColumns(
  fields: Record<string, FieldDef>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(values)) {
    const f = fields[name];
    if (!f) continue;
    out[columnOf(fields, name)] = f.type === 'array' && v !== null ? JSON.stringify(v) : v;
  }
  return out;
}

export async function loadRows(
  db: AnyDb,
  table: string,
  fields: Record<string, FieldDef>,
  where: { column: string; op: '=' | 'in'; value: unknown },
  orderBy?: string,
): Promise<Record<string, unknown>[]> {
  let q = db
    .selectFrom(`${table} as t`)
    .select(selection(fields))
    .where(`t.${where.column}`, where.op, where.value);
  if (orderBy) q = q.orderBy(`t.${orderBy}`);
  const rows = await q.execute();
  return rows.map((row) => toApi(fields, row));
}
