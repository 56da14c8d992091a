import type { AnyDb } from './sql/db';
import { columnOf, loadRows, selection, toApi, toColumns } from './sql/select';
import type { ResourceDef } from '../../src/schema/types';
import { serverFilledFields } from '../../src/schema/references';

/** One row by a key field, optionally locked for the write that follows and with its child lines. */
export async function findRow(
  db: AnyDb,
  r: ResourceDef,
  keyField: string,
  keyValue: unknown,
  opts: { forUpdate?: boolean; children?: boolean } = {},
): Promise<Record<string, unknown> | undefined> {
  return (await findRows(db, r, { [keyField]: keyValue }, { ...opts, limit: 1 }))[0];
}

/**
 * The rows whose fields equal `key`, in primary-key order (at most `limit`), read in one statement,
 * optionally locked and with their child lines: an effect's target rows (effects.ts).
 */
export async function findRows(
  db: AnyDb,
  r: ResourceDef,
  key: Record<string, unknown>,
  opts: { forUpdate?: boolean; children?: boolean; limit?: number } = {},
): Promise<Record<string, unknown>[]> {
  let q = db.selectFrom(`${r.table} as t`).select(selection(r.fields));
  for (const [k, v] of Object.entries(key)) q = q.where(`t.${columnOf(r.fields, k)}`, '=', v);
  // One row by its primary key needs no order.
  const byKey = Object.keys(key).length === 1 && key[r.primaryKey] !== undefined;
  if (!byKey) q = q.orderBy(`t.${columnOf(r.fields, r.primaryKey)}`);
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.forUpdate) q = q.forUpdate();
  const rows = (await q.execute()).map((raw) => toApi(r.fields, raw));
  if (opts.children)
    for (const row of rows)
      for (const [name, child] of Object.entries(r.children ?? {})) {
        row[name] = await loadRows(
          db,
          child.table,
          child.fields,
          { column: child.foreignKey, op: '=', value: row[r.primaryKey] },
          child.lineNumber ?? child.primaryKey,
        );
      }
  return rows;
}

/** Batches stay far below PostgreSQL's 65535 bind parameters. */
const BATCH = 500;

/** Replaces the lines of a child table; line numbers follow the request order. */
export async function replaceChildren(
  db: AnyDb,
  r: ResourceDef,
  name: string,
  parentId: unknown,
  items: Record<string, unknown>[],
): Promise<void> {
  const child = r.children![name]!;
  await db.deleteFrom(child.table).where(child.foreignKey, '=', parentId).execute();
  // Writable fields from the request, and those the server filled in (computed figures, copied names,
  // and the read-only references a fill writes: the document each line of a statement came from, which
  // applyReferences checked; a request cannot send a read-only line field).
  const computed = serverFilledFields(child.fields);
  const writable = Object.keys(child.fields).filter(
    (n) => !child.fields[n]!.readOnly || computed.has(n) || !!child.fields[n]!['x-reference'],
  );
  const rows = items.map((item, i) => {
    const values: Record<string, unknown> = {};
    for (const n of writable) if (item[n] !== undefined) values[n] = item[n];
    if (child.lineNumber) values[child.lineNumber] = i + 1;
    return { ...toColumns(child.fields, values), [child.foreignKey]: parentId };
  });
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(child.table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}
