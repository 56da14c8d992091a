import path from 'node:path';
import type { ServerConfig } from '../config';
import { type OpenedDatabase, openDatabase } from './index';
import { migrateToLatest } from './migrate';
import { seedDemo, seedReference } from './seed/index';

/** Opens the configured database, migrates it and seeds it (reference data always, demo data in demo mode). */
export async function prepareDatabase(config: ServerConfig): Promise<OpenedDatabase> {
  const opened = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pgdata'),
  });
  try {
    await migrateToLatest(opened.db);
    await seedReference(opened.db);
    if (config.demo) {
      const existing = await opened.db.selectFrom('appUser').select('id').limit(1).executeTakeFirst();
      if (!existing) await seedDemo(opened.db, { production: config.production });
    }
    return opened;
  } catch (error) {
    await opened.close();
    throw error;
  }
}
