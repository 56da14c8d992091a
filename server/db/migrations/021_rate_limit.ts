import { type Kysely, sql } from 'kysely';

/**
 * Per-address request counters of the rate-limited public calls (login, SMS, slider, recovery), kept
 * in the database so that several servers behind one load balancer count together
 * (server/routes/auth/rate-limit-store.ts). One row per route and address; a row past its window is
 * restarted by the next call and purged now and then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit (
    key text primary key,
    hits integer not null,
    reset_at timestamptz not null
  )`.execute(db);
  await sql`create index rate_limit_reset_at_idx on rate_limit (reset_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit`.execute(db);
}
