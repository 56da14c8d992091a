import { sql } from 'kysely';
import type { AnyDb } from './db';

/**
 * The NOT NULL columns (snake_case) of a table, read from the catalogue once per database and table:
 * tables change only at start (server/db/tables.ts), before any list is read. A list orders such a
 * column without NULLS LAST, so its index serves the order (list.ts).
 */
const cache = new WeakMap<object, Map<string, Promise<Set<string>>>>();

export function notNullColumns(db: AnyDb, table: string): Promise<Set<string>> {
  let tables = cache.get(db);
  if (!tables) cache.set(db, (tables = new Map()));
  let columns = tables.get(table);
  if (!columns) {
    columns = sql<{ attname: string }>`select attname from pg_attribute
      where attrelid = to_regclass(${table}) and attnum > 0 and attnotnull and not attisdropped`
      .execute(db)
      .then((res) => new Set(res.rows.map((row) => row.attname)));
    // A failed read is not kept: the next list asks again.
    columns.catch(() => tables.delete(table));
    tables.set(table, columns);
  }
  return columns;
}
