import { type Kysely, sql } from 'kysely';

/**
 * What the last completed applySchemas was applied from (server/db/stamp.ts): a start whose server
 * bundle, schema files and demo mode hash to the same key skips that work (docs/decisions.md "First and
 * warm start"). One row; no row means "apply".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table schema_stamp (id smallint primary key check (id = 1), key varchar(64) not null,
    applied_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table schema_stamp`.execute(db);
}
