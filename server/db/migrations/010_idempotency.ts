import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys (issue 13.4, DESIGN.md 3): one row per caller and key, holding what the request
 * was (method, route, hash of params, query and body), whether it is still running, and the stored
 * answer. The primary key is what makes concurrent repeats race-safe: only one insert wins
 * (server/plugins/idempotency.ts). Rows older than 24 hours are purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_key (
    owner text not null,
    idem_key text not null,
    method text not null,
    path text not null,
    request_hash text not null,
    state text not null,
    http_status integer,
    response text,
    created_at timestamptz not null default now(),
    primary key (owner, idem_key)
  )`.execute(db);
  await sql`create index idempotency_key_created_at_idx on idempotency_key (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_key`.execute(db);
}
