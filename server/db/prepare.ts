import fs from 'node:fs';
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
import { demoDatabaseFile, hasDatabase, readDemoDatabase, saveDemoDatabase } from './demo-db';
import { bundleVersion, readStamp, stampKey, writeStamp } from './stamp';

export interface SchemaDataOptions {
  /** Default: schemas/ of the checkout, or SCHEMAS_DIR. */
  schemasDir?: string;
  /**
   * Demo mode: demo accounts and documents on an empty database, and the demo rows of schemas/seed,
   * all dated relative to `seedAnchor` (default: SEED_ANCHOR, else today in China time).
   */
  demo?: { production: boolean; seedAnchor?: string };
  /**
   * The server code's version (server/db/stamp.ts): when given, a completed run is stamped in the
   * database so that applySchemasIfChanged skips the next one with the same code, files and mode.
   */
  code?: string | undefined;
}

/**
 * What every start does after the hand-written migrations, driven by the schema files: the tables of
 * resources that own theirs (server/db/tables.ts), the reference data with the menu entries pages
 * declare and, in demo mode, the demo accounts (once) and the rows of schemas/seed (into empty
 * tables). Tests call it too, so a resource added as JSON gets its table and rows as at `npm start`.
 */
export async function applySchemas(db: Database, options: SchemaDataOptions = {}): Promise<void> {
  const schemasDir = options.schemasDir ?? defaultSchemasDir();
  // Unstamped while it runs: an interrupted or differently keyed run never lets a later start skip.
  await writeStamp(db, undefined);
  await applySchemaData(db, schemasDir, options);
  await writeStamp(db, stampKey({ code: options.code, schemasDir, demo: options.demo }));
}

/**
 * applySchemas unless the database's stamp says the same code already applied the same schema files
 * in the same mode (the usual warm start): returns whether it ran. Demo rows are not re-seeded into
 * tables emptied since (seeding is for a new database or a new resource, which changes the files).
 */
export async function applySchemasIfChanged(db: Database, options: SchemaDataOptions): Promise<boolean> {
  const schemasDir = options.schemasDir ?? defaultSchemasDir();
  const key = stampKey({ code: options.code, schemasDir, demo: options.demo });
  if (key && (await readStamp(db)) === key) return false;
  await applySchemas(db, { ...options, schemasDir });
  return true;
}

async function applySchemaData(db: Database, schemasDir: string, options: SchemaDataOptions): Promise<void> {
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
    runSeedTransitions(db, catalog, { [name]: count }, anchor),
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

/**
 * Opens the configured database, migrates it and seeds it (reference data always, demo data in demo
 * mode). A new PGlite DATA_DIR in demo mode starts from the prepared demo database when there is one
 * for this code, these schema files and this seed day (server/db/demo-db.ts), and leaves one for the
 * next when there is not. `code`: the server bundle's version (none under tsx: nothing is skipped).
 */
export async function prepareDatabase(
  config: ServerConfig,
  code: string | undefined = bundleVersion(),
): Promise<OpenedDatabase> {
  const dataDir = config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata');
  const demo = config.demo ? { production: config.production } : undefined;
  const schemasDir = defaultSchemasDir();
  const prepared =
    code && dataDir && demo && !demo.production && !hasDatabase(dataDir)
      ? demoDatabaseFile({ code, schemasDir, anchor: seedAnchorFromEnv() })
      : undefined;
  const restored = prepared ? readDemoDatabase(prepared) : undefined;
  // PGlite makes its own directory, not DATA_DIR (the keys are written there meanwhile).
  if (dataDir) fs.mkdirSync(config.dataDir, { recursive: true });
  const opened = await openDatabase({ url: config.databaseUrl, dataDir, loadDataDir: restored });
  try {
    await migrateToLatest(opened.db);
    await applySchemasIfChanged(opened.db, { schemasDir, code, ...(demo ? { demo } : {}) });
    if (prepared && !restored) {
      // Not worth failing a start over (a read-only checkout): the next first start seeds again.
      await saveDemoDatabase(opened, prepared).catch((error: unknown) =>
        console.warn(`the demo database was not kept for later first starts: ${String(error)}`),
      );
    }
    return opened;
  } catch (error) {
    await opened.close();
    throw error;
  }
}
