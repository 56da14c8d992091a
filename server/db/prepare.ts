import path from 'node:path';
import type { ServerConfig } from '../config';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { type Database, type OpenedDatabase, openDatabase } from './index';
import { migrateToLatest } from './migrate';
import { seedDemo, seedReference } from './seed/index';
import { seedDeclared } from './seed/declared';
import { runSeedTransitions } from './seed/run-transitions';
import { chinaToday } from '../../src/schema/seed/generate';
import { syncResourceTables } from './tables';
import { syncEnumDictionary } from './seed/enum-dictionary';
import { seedApprovals } from '../workflows/seed';

export interface SchemaDataOptions {
  /** Default: schemas/ of the checkout, or SCHEMAS_DIR. */
  schemasDir?: string;
  /**
   * Demo mode: demo accounts and documents on an empty database, and the demo rows of schemas/seed,
   * all dated relative to `seedAnchor` (default: SEED_ANCHOR, else today in China time).
   */
  demo?: { production: boolean; seedAnchor?: string };
}

/**
 * What every start does after the hand-written migrations, driven by the schema files: the tables of
 * resources that own theirs (server/db/tables.ts), the reference data with the menu entries pages
 * declare and, in demo mode, the demo accounts (once) and the rows of schemas/seed (into empty
 * tables). Tests call it too, so a resource added as JSON gets its table and rows as at `npm start`.
 */
export async function applySchemas(db: Database, options: SchemaDataOptions = {}): Promise<void> {
  const schemasDir = options.schemasDir ?? defaultSchemasDir();
  const catalog = loadCatalog(schemasDir);
  await syncResourceTables(db, catalog);
  await syncEnumDictionary(db, catalog);
  await seedReference(db, { schemasDir });
  if (!options.demo) return;
  // One anchor for every demo row, TypeScript seeds and seed files alike.
  const anchor = options.demo.seedAnchor ?? seedAnchorFromEnv();
  const existing = await db.selectFrom('appUser').select('id').limit(1).executeTakeFirst();
  if (!existing) await seedDemo(db, { production: options.demo.production, anchor });
  // Each seeded resource's documents brought to their state through their transitions (stock moves,
  // effects) before the seeds after it, which may take from what they wrote (a transfer from stock).
  await seedDeclared(db, catalog, anchor, (name, count) =>
    runSeedTransitions(db, catalog, { [name]: count }),
  );
  // Seeded documents waiting for approval get their approvals (server/workflows/seed.ts).
  await seedApprovals(db, catalog);
}

/**
 * SEED_ANCHOR (YYYY-MM-DD) pins the demo data's "today": tests and QA snapshots set it so their
 * rows are the same every day; a real start seeds around the day it runs.
 */
export function seedAnchorFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const pinned = env.SEED_ANCHOR;
  if (pinned && /^\d{4}-\d{2}-\d{2}$/.test(pinned)) return pinned;
  return chinaToday();
}

/** Opens the configured database, migrates it and seeds it (reference data always, demo data in demo mode). */
export async function prepareDatabase(config: ServerConfig): Promise<OpenedDatabase> {
  const opened = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  try {
    await migrateToLatest(opened.db);
    await applySchemas(opened.db, config.demo ? { demo: { production: config.production } } : {});
    return opened;
  } catch (error) {
    await opened.close();
    throw error;
  }
}
