import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../../db/index';

/** Rows whose window ended are deleted at most this often (per store), by whichever call comes next. */
const PURGE_EVERY_MS = 60_000;

/**
 * A @fastify/rate-limit store in the `rate_limit` table: the per-address limits hold across every
 * server on the database (the plugin's default store counts per process, so N servers would allow N
 * times the limit). One upsert per limited call: it counts the call and restarts a window that has
 * ended, atomically, so concurrent calls on several servers never lose a count.
 */
class DatabaseStore implements FastifyRateLimitStore {
  private lastPurge = 0;

  constructor(
    private readonly db: Database,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.count(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes its merged route options, whose routeInfo is the route (its typings say less).
    const { routeInfo } = options as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
    const { method = '', url = '' } = routeInfo ?? {};
    return new DatabaseStore(this.db, `${this.prefix}${String(method)}${url}-`);
  }

  private async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await sql`delete from rate_limit where reset_at < now()`.execute(this.db);
    }
    const window = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into rate_limit as r (key, hits, reset_at) values (${key}, 1, ${window})
      on conflict (key) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then ${window} else r.reset_at end
      returning r.hits, (extract(epoch from r.reset_at - now()) * 1000)::int as ttl`.execute(this.db);
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }
}

/** The store class the plugin instantiates (it passes its options only): bound to this database. */
export function databaseStore(db: Database): FastifyRateLimitStoreCtor {
  return class extends DatabaseStore {
    constructor() {
      super(db, 'rl-');
    }
  };
}
