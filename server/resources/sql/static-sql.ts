import { type RawBuilder, sql } from 'kysely';
import type { FieldDef } from '../../../src/schema/types';
import type { AnyDb } from './db';

/**
 * The select lists of a resource's list (its columns and their JSON projection) are the same on every
 * request, yet building and compiling their query nodes was the larger part of the engine's own CPU
 * per list request. A list that binds no value is compiled once per resource (with the database's
 * plugins, so the names are the same) and reused as SQL text; one that binds values (a computed
 * count's `where`) is built per request as before.
 */
const cache = new WeakMap<Record<string, FieldDef>, Map<string, RawBuilder<unknown> | null>>();

export function staticList(
  db: AnyDb,
  fields: Record<string, FieldDef>,
  name: string,
  build: () => RawBuilder<unknown>,
): RawBuilder<unknown> | undefined {
  let lists = cache.get(fields);
  if (!lists) cache.set(fields, (lists = new Map()));
  let list = lists.get(name);
  if (list === undefined) {
    const compiled = build().compile(db);
    list = compiled.parameters.length ? null : sql.raw(compiled.sql);
    lists.set(name, list);
  }
  return list ?? undefined;
}
