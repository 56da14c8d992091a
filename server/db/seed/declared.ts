import { sql } from 'kysely';
import { type ApiRow, generateRows, seedDependencies } from '../../../src/schema/seed/generate';
import { dynamic } from '../../resources/sql/db';
import { refreshTree } from '../../resources/tree';
import { columnOf, selection, toApi, toColumns } from '../../resources/sql/select';
import type { Catalog, ResourceDef } from '../../../src/schema/types';
import type { Database } from '../index';

/** Rows per insert statement (PGlite binds every value; keep statements moderate). */
const BATCH = 200;
/** Rows of a referenced resource a `ref` picks among. */
const REF_ROWS = 2000;

/**
 * Demo data declared in schemas/seed (issue 12.6), written in demo mode into every empty table of a
 * seeded resource, referenced resources first. An existing row means the table was seeded (or is in
 * use): nothing is added, so a restart never duplicates. Returns the rows written per resource.
 */
export async function seedDeclared(
  db: Database,
  catalog: Catalog,
  /** The day relative seed dates count from (YYYY-MM-DD). */
  anchor: string,
  /** Runs after each seed is written (its `run` transitions), before the seeds that come after it. */
  afterEach?: (name: string, count: number) => Promise<void>,
): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  const cache = new Map<string, ApiRow[]>();
  const rowsOf = async (name: string) => {
    let rows = cache.get(name);
    if (!rows) {
      const r = catalog.resources.get(name)!;
      const raw = await dynamic(db)
        .selectFrom(`${r.table} as t`)
        .select(selection(r.fields))
        .orderBy(`t.${columnOf(r.fields, r.primaryKey)}`)
        .limit(REF_ROWS)
        .execute();
      rows = raw.map((row) => toApi(r.fields, row));
      cache.set(name, rows);
    }
    return rows;
  };
  for (const name of seedOrder(catalog)) {
    const seed = catalog.seeds.get(name)!;
    const resource = catalog.resources.get(name)!;
    if (await hasRows(db, resource)) continue;
    const refs = new Map<string, ApiRow[]>();
    for (const dep of seedDependencies(seed, resource)) refs.set(dep, await rowsOf(dep));
    const rows = generateRows({
      resource,
      seed,
      enums: catalog.enums,
      rowsOf: (dep) => refs.get(dep) ?? [],
      resourceOf: (dep) => catalog.resources.get(dep)!,
      anchor,
    });
    await db.transaction().execute(async (trx) => {
      const pk = columnOf(resource.fields, resource.primaryKey);
      for (let i = 0; i < rows.length; i += BATCH) {
        const slice = rows.slice(i, i + BATCH);
        const ids = await dynamic(trx)
          .insertInto(resource.table)
          .values(slice.map((row) => toColumns(resource.fields, row.values)))
          .returning(pk)
          .execute();
        await insertLines(
          trx,
          resource,
          slice,
          ids.map((r) => r[pk]),
        );
      }
    });
    // A tree's levels and paths, as a write through the API would leave them.
    if (resource.tree) await refreshTree(db, resource);
    written[name] = rows.length;
    if (afterEach) {
      await afterEach(name, rows.length);
      // Its transitions may have written other tables (stock): read them afresh.
      cache.clear();
    } else cache.delete(name);
  }
  return written;
}

async function insertLines(
  db: Database,
  r: ResourceDef,
  rows: { children: Record<string, ApiRow[]> }[],
  ids: unknown[],
) {
  for (const [key, child] of Object.entries(r.children ?? {})) {
    const lines = rows.flatMap((row, i) =>
      (row.children[key] ?? []).map((line, j) => ({
        ...toColumns(child.fields, line),
        [child.foreignKey]: ids[i],
        ...(child.lineNumber ? { [child.lineNumber]: j + 1 } : {}),
      })),
    );
    for (let i = 0; i < lines.length; i += BATCH) {
      await dynamic(db)
        .insertInto(child.table)
        .values(lines.slice(i, i + BATCH))
        .execute();
    }
  }
}

async function hasRows(db: Database, r: ResourceDef): Promise<boolean> {
  const row = await dynamic(db)
    .selectFrom(r.table)
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Seed files in dependency order: a resource another one refers to is seeded first. */
export function seedOrder(catalog: Catalog): string[] {
  const order: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (order.includes(name) || path.includes(name)) return;
    const seed = catalog.seeds.get(name);
    if (!seed) return;
    const resource = catalog.resources.get(name);
    for (const dep of seedDependencies(seed, resource)) if (dep !== name) visit(dep, [...path, name]);
    order.push(name);
  };
  for (const name of [...catalog.seeds.keys()].sort()) visit(name, []);
  return order;
}
