import { type SelectQueryBuilder, sql } from 'kysely';
import { casePlugin } from '../../db/index';
import type { FieldDef } from '../../../src/schema/types';
import type { AnyDb } from './db';
import { staticList } from './static-sql';

/**
 * Many rows as one JSON text built by the database (json_agg), already in the API's shape: the keys
 * are the API names, numbers are JSON numbers, dates text (selection), instants Date.toISOString()
 * text. A list answer can then carry the text as it came (no decoding of every field of every row,
 * no re-serialising: both dominated a 200-row page), and a reader that must change rows (masking,
 * exports) parses it once. The instants are formatted on the page's rows only, after the sort and the
 * limit: formatting them in the page's own select ran before the sort, on every matching row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type Query = SelectQueryBuilder<any, any, any>;

/** API names are schema field names: word characters only (meta-schema), so safe as quoted identifiers. */
const API_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Instants exactly as Date.toISOString() writes them: UTC, milliseconds cut as both drivers cut them. */
const ISO_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * One output column of the page's row `q` (which selects `selection(fields)`, each under the
 * snake_case alias the CamelCasePlugin wrote) under its API name.
 */
function apiColumn(name: string, f: FieldDef) {
  if (!API_NAME.test(name)) throw new Error(`field name ${name} cannot be a JSON key`);
  const value = sql.ref(`q.${name}`);
  const key = sql.raw(`"${name}"`);
  if (f.format === 'date-time')
    return sql`to_char(${value} at time zone 'UTC', ${sql.raw(ISO_INSTANT)}) as ${key}`;
  // A looked-up number may come from a column of another type; the per-column read made it a number.
  if ((f.type === 'number' || f.type === 'integer') && f['x-lookup']) return sql`${value}::numeric as ${key}`;
  return sql`${value} as ${key}`;
}

/**
 * The rows of `page` (which selects `selection(fields)`) as the API's JSON array text, in the page's
 * order: an aggregate over an ordered, limited sub-select (and a plain projection of it) reads its
 * rows in that order.
 */
export function apiRowsAsJson(db: AnyDb, fields: Record<string, FieldDef>, page: Query) {
  const columns = () =>
    sql.join(
      Object.entries(fields)
        .filter(([, f]) => !f.writeOnly)
        .map(([name, f]) => apiColumn(name, f)),
    );
  const list = staticList(db, fields, 'api-json', columns) ?? columns();
  return sql<string>`(select coalesce(json_agg(p), '[]')::text from (select ${list} from (${page}) as q) as p)`;
}

/** Whether apiRowsAsJson's text is the answer as is: no field whose nested keys need mapping in JS. */
export function jsonIsFinal(fields: Record<string, FieldDef>): boolean {
  return !Object.values(fields).some((f) => !f.writeOnly && f.type === 'array');
}

/**
 * API rows from the text of apiRowsAsJson. Only jsonb arrays still change: their nested object keys
 * are mapped as the CamelCasePlugin maps them in a per-column read.
 */
export function rowsFromJson(fields: Record<string, FieldDef>, text: string): Record<string, unknown>[] {
  const rows = JSON.parse(text) as Record<string, unknown>[];
  if (jsonIsFinal(fields)) return rows;
  const nested = Object.keys(fields).filter((n) => !fields[n]!.writeOnly && fields[n]!.type === 'array');
  for (const row of rows) for (const n of nested) if (row[n] != null) row[n] = casePlugin.nested(row[n]);
  return rows;
}
