import { createHash } from 'node:crypto';
import type { CompiledQuery, Compilable } from 'kysely';

/**
 * The SQL texts of compiledOnce's statements, with a name for each: on PostgreSQL they are run as
 * named prepared statements (server/db/index.ts), parsed and planned once per connection rather than
 * on every call. Bounded by the code: one per statement and shape.
 */
const preparedNames = new Map<string, string>();

/** The prepared statement name of a compiledOnce statement's SQL text, if it is one. */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/**
 * A statement asked on (nearly) every call whose shape never changes, only its values: Kysely builds,
 * transforms (the case plugin) and compiles it once per database and shape, and each call fills in
 * its values. Building and compiling the session statement was about a sixth of the server's CPU per
 * list call under load (issue 21.1); the SQL text and its parameters are exactly what the builder
 * gives, so it stays parameterised.
 *
 * `build` receives one placeholder per named value and must pass each to Kysely as a plain value
 * (a `where` right-hand side, `eb.val`); values that are part of the shape (a permission list) belong
 * in `shape`, the memo's key.
 */
export function compiledOnce<Names extends string, Db extends object>(
  names: readonly Names[],
  build: (db: Db, shape: string, values: Record<Names, unknown>) => Compilable,
) {
  const byDb = new WeakMap<Db, Map<string, { query: CompiledQuery; slots: [number, Names][] }>>();
  return (db: Db, shape: string, values: Record<Names, unknown>): CompiledQuery => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let memo = shapes.get(shape);
    if (!memo) {
      // Placeholders are objects of their own: found again in the parameters by identity.
      const placeholders = Object.fromEntries(names.map((n) => [n, { placeholder: n }])) as Record<
        Names,
        object
      >;
      const query = build(db, shape, placeholders).compile();
      const slots: [number, Names][] = [];
      query.parameters.forEach((p, i) => {
        const name = names.find((n) => placeholders[n] === p);
        if (name) slots.push([i, name]);
      });
      const missing = names.filter((n) => !slots.some(([, s]) => s === n));
      if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} not passed as values`);
      memo = { query, slots };
      preparedNames.set(
        query.sql,
        `fresh_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`,
      );
      shapes.set(shape, memo);
    }
    const parameters = [...memo.query.parameters];
    for (const [i, name] of memo.slots) parameters[i] = values[name];
    return { ...memo.query, parameters };
  };
}
