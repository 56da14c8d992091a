import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as m001 from './migrations/001_core';
import * as m002 from './migrations/002_identity';
import * as m003 from './migrations/003_resources';
import * as m004 from './migrations/004_panels';
import * as m005 from './migrations/005_print';
import * as m006 from './migrations/006_receiving';
import * as m007 from './migrations/007_packer';
import * as m008 from './migrations/008_schema_tables';
import * as m009 from './migrations/009_user_disabled_at';
import * as m010 from './migrations/010_idempotency';
import * as m011 from './migrations/011_export_scope';
import * as m012 from './migrations/012_reminders';
import * as m013 from './migrations/013_user_org_role';
import * as m015 from './migrations/015_operations';
import * as m016 from './migrations/016_jobs';
import * as m017 from './migrations/017_cloud_orders';
import * as m018 from './migrations/018_employee';
import * as m019 from './migrations/019_user_preference';
import * as m020 from './migrations/020_schema_stamp';
import * as m021 from './migrations/021_rate_limit';

/** Every migration, in order. One set serves PGlite and PostgreSQL alike. */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_identity': m002,
  '003_resources': m003,
  '004_panels': m004,
  '005_print': m005,
  '006_receiving': m006,
  '007_packer': m007,
  '008_schema_tables': m008,
  '009_user_disabled_at': m009,
  '010_idempotency': m010,
  '011_export_scope': m011,
  '012_reminders': m012,
  '013_user_org_role': m013,
  '015_operations': m015,
  '016_jobs': m016,
  '017_cloud_orders': m017,
  '018_employee': m018,
  '019_user_preference': m019,
  '020_schema_stamp': m020,
  '021_rate_limit': m021,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether every migration, and no other, is recorded already (the usual start). The Migrator's own
 * checks read the whole catalog (table introspection) and take a lock: close to a second of every
 * start on PGlite. Anything else (no table yet, a missing or unknown migration) goes to the Migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const known = Object.keys(migrations);
  const table = await sql<{
    found: string | null;
  }>`select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!table.rows[0]?.found) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  return done.size === known.length && known.every((n) => done.has(n));
}
