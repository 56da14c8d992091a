import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { preparedName } from './compiled-once';
import type { DB } from './schema';

export type Database = Kysely<DB>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Closes the pool or the embedded database; an open PGlite keeps the process alive. */
  close(): Promise<void>;
  /** Only for PGlite: a tarball of the data directory (used by tests to clone a seeded database fast). */
  dump?(): Promise<Blob>;
}

export interface OpenOptions {
  /** PostgreSQL connection string. */
  url?: string | undefined;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string | undefined;
  /** PGlite data-dir tarball to start from (tests). */
  loadDataDir?: Blob | undefined;
}

/**
 * The app's CamelCasePlugin, exposing its name mappings to queries that build JSON in SQL
 * (server/resources/sql/json-rows.ts): their keys are the snake_case aliases the plugin wrote.
 */
class AppCasePlugin extends CamelCasePlugin {
  /** The SQL alias the plugin writes for an API name. */
  alias(name: string): string {
    return this.snakeCase(name);
  }
  /** Nested objects mapped as the plugin maps rows read through Kysely. */
  nested(value: unknown): unknown {
    return this.mapRow({ v: value }).v;
  }
}
export const casePlugin = new AppCasePlugin();

// Numeric and bigint columns come back as strings from both drivers; counts are cast in SQL where needed.
const plugins = [casePlugin];

/**
 * PGlite's shared buffers live in its WebAssembly memory and are all touched at start: the default
 * 128 MB was a third of the server's resident memory. The demo database is ~15 MB, so 32 MB still
 * holds all of it; the operating system's file cache backs the rest.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The embedded databases opened by this process. PGlite's data directory is held by one process, so
 * every write to it passes through this process: a cache here cannot miss another server's write. On
 * PostgreSQL other server processes write too (docs/operations.md, several servers).
 */
const embedded = new WeakSet<object>();

/** Whether every writer of this database is this process (PGlite): in-process caches are exact then. */
export function isSingleProcess(db: object): boolean {
  return embedded.has(db);
}

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.url) {
    // Loaded only for PostgreSQL: the embedded database never needs the driver.
    const { default: pg } = await import('pg');
    // compiledOnce's statements (the session's, on every call) as named prepared statements: parsed
    // and planned once per connection. Kysely's driver calls query(text, values).
    class PreparingClient extends pg.Client {
      override query(...args: unknown[]): never {
        const [text, values] = args;
        const name = typeof text === 'string' && args.length === 2 ? preparedName(text) : undefined;
        const call = super.query.bind(this) as (...a: unknown[]) => never;
        return name ? call({ name, text, values }) : call(...args);
      }
    }
    const pool = new pg.Pool({ connectionString: options.url, max: 10, Client: PreparingClient });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    startParams: PGLITE_START,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins });
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    // Kysely's destroy ends the dialect; PGlite itself must be closed too or the process stays alive.
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    dump: () => pglite.dumpDataDir('none') as Promise<Blob>,
  };
}
