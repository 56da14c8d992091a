import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * The record of the tables the engine derives from resource files (issue 12.4, server/db/tables.ts):
 * one row per start that changed them, with the statements it ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table schema_change_log (
      id serial primary key,
      applied_at timestamptz not null default now(),
      tables text[] not null,
      statements jsonb not null
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table schema_change_log;`.execute(db);
}
