import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001_core';
import * as m002 from './migrations/002_identity';
import * as m003 from './migrations/003_resources';
import * as m004 from './migrations/004_panels';
import * as m005 from './migrations/005_print';
import * as m006 from './migrations/006_receiving';
import * as m007 from './migrations/007_packer';

/** Every migration, in order. One set serves PGlite and PostgreSQL alike. */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_identity': m002,
  '003_resources': m003,
  '004_panels': m004,
  '005_print': m005,
  '006_receiving': m006,
  '007_packer': m007,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
