import { openDatabase } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrate';
import { seedAnchorFromEnv } from '../../server/db/prepare';
import { seedDeclared } from '../../server/db/seed/declared';
import { runSeedTransitions } from '../../server/db/seed/run-transitions';
import { seedDemoAccounts, seedReference } from '../../server/db/seed/index';
import { liveTables, syncResourceTables, TableChangeRefused } from '../../server/db/tables';
import type { FieldDef, ResourceDef } from '../../src/schema/types';
import { snakeCase } from '../../src/schema/tables/plan';
import type { LintContext } from './context';

/**
 * Issue 12.5: the lint opens a throwaway database (in-memory PGlite), migrates it as a start would
 * (hand-written migrations, then the tables resources own), seeds the declared demo rows, and checks
 * every table and column each resource names against it. A schema that passes cannot answer a
 * request with "relation does not exist" or "column does not exist".
 */
export async function checkDatabase(ctx: LintContext, opts: { seed?: boolean } = {}): Promise<void> {
  const opened = await openDatabase({});
  try {
    await migrateToLatest(opened.db);
    try {
      await syncResourceTables(opened.db, ctx.catalog);
    } catch (error) {
      if (!(error instanceof TableChangeRefused)) throw error;
      for (const p of error.problems) ctx.add(p.file, p.path, p.message);
      return;
    }
    await checkColumns(ctx, opened.db);
    if (ctx.problems.length || opts.seed === false) return;
    try {
      // As a demo start: the menu, the demo accounts (declared rows may refer to users), then the rows.
      await seedReference(opened.db, { schemasDir: ctx.dir });
      await seedDemoAccounts(opened.db, { production: false, extraEmployees: 24 });
      // Their transitions too: a later seed may take from what they wrote (a transfer from stock).
      const anchor = seedAnchorFromEnv();
      await seedDeclared(opened.db, ctx.catalog, anchor, (name, count) =>
        runSeedTransitions(opened.db, ctx.catalog, { [name]: count }, anchor),
      );
    } catch (error) {
      ctx.add('seed', '', `the demo rows cannot be written: ${(error as Error).message}`);
    }
  } catch (error) {
    ctx.add('', '', `the database cannot be prepared with these schemas: ${(error as Error).message}`);
  } finally {
    await opened.close();
  }
}

type Db = Parameters<typeof liveTables>[0];

async function checkColumns(ctx: LintContext, db: Db): Promise<void> {
  const resources = [...ctx.catalog.resources.values()].sort((a, b) => a.name.localeCompare(b.name));
  const tables = new Set<string>();
  for (const r of resources) {
    tables.add(r.table);
    for (const c of Object.values(r.children ?? {})) tables.add(c.table);
    for (const rel of Object.values(r.relations ?? {})) tables.add(rel.table);
    for (const f of allFields(r)) {
      if (f['x-lookup']) tables.add(f['x-lookup'].table);
      if (f['x-ref']) tables.add(f['x-ref'].table);
      if (f['x-computed']?.count) tables.add(f['x-computed'].count.table);
      if (f['x-computed']?.sumOf) tables.add(f['x-computed'].sumOf.table);
    }
    for (const filter of Object.values(r.filters ?? {})) if (filter.via) tables.add(filter.via.table);
  }
  const live = await liveTables(db, [...tables]);
  for (const r of resources) {
    const file = `resources/${r.name}.json`;
    const need = (table: string, column: string | undefined, at: string, what: string) => {
      const t = live.get(table);
      if (!t) return ctx.add(file, at, `${what}: table "${table}" does not exist in the migrated database`);
      if (column && !t.columns.has(snakeCase(column)))
        ctx.add(
          file,
          at,
          `${what}: column "${table}.${snakeCase(column)}" does not exist in the migrated database`,
        );
    };
    need(r.table, undefined, '/table', 'the resource table');
    checkFields(r.fields, r.table, '', need);
    for (const [key, c] of Object.entries(r.children ?? {})) {
      const at = `/children/${key}`;
      need(c.table, undefined, `${at}/table`, 'the line table');
      need(c.table, c.foreignKey, `${at}/foreignKey`, 'the line foreign key');
      if (c.lineNumber) need(c.table, c.lineNumber, `${at}/lineNumber`, 'the line number');
      checkFields(c.fields, c.table, at, need);
    }
    for (const [key, rel] of Object.entries(r.relations ?? {})) {
      const at = `/relations/${key}`;
      need(rel.table, rel.ownKey, `${at}/ownKey`, 'the relation');
      need(rel.table, rel.otherKey, `${at}/otherKey`, 'the relation');
    }
    for (const [key, filter] of Object.entries(r.filters ?? {})) {
      if (!filter.via) continue;
      need(filter.via.table, filter.via.key, `/filters/${key}/via/key`, `filter "${key}"`);
      need(filter.via.table, filter.via.column, `/filters/${key}/via/column`, `filter "${key}"`);
    }
  }
}

function allFields(r: ResourceDef): FieldDef[] {
  return [
    ...Object.values(r.fields),
    ...Object.values(r.children ?? {}).flatMap((c) => Object.values(c.fields)),
  ];
}

function checkFields(
  fields: Record<string, FieldDef>,
  table: string,
  base: string,
  need: (table: string, column: string | undefined, at: string, what: string) => void,
) {
  for (const [name, f] of Object.entries(fields)) {
    const at = `${base}/fields/${name}`;
    const count = f['x-computed']?.count;
    if (count) {
      need(count.table, count.key, `${at}/x-computed/count/key`, `field "${name}"`);
      for (const column of Object.keys(count.where ?? {}))
        need(count.table, column, `${at}/x-computed/count/where`, `field "${name}"`);
      continue;
    }
    // Depreciation is computed from other fields of the row, which are checked as columns themselves.
    if (f['x-computed']?.depreciation) continue;
    const sumOf = f['x-computed']?.sumOf;
    if (sumOf) {
      need(sumOf.table, sumOf.column, `${at}/x-computed/sumOf/column`, `field "${name}"`);
      for (const column of [...Object.keys(sumOf.on), ...Object.keys(sumOf.where ?? {})])
        need(sumOf.table, column, `${at}/x-computed/sumOf`, `field "${name}"`);
      continue;
    }
    const lookup = f['x-lookup'];
    if (lookup) {
      need(lookup.table, lookup.key, `${at}/x-lookup/key`, `field "${name}"`);
      need(lookup.table, lookup.column, `${at}/x-lookup/column`, `field "${name}"`);
      continue;
    }
    need(table, f['x-column'] ?? name, at, `field "${name}"`);
    const ref = f['x-ref'];
    if (ref) need(ref.table, ref.column, `${at}/x-ref`, `field "${name}"`);
  }
}
