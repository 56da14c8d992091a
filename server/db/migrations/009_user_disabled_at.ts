import { type Kysely, sql } from 'kysely';

/**
 * When an account was last disabled (issue 13.5): a session begun before it stays void for good, so
 * enabling the account again does not bring its old sessions back (plugins/auth.ts via
 * services/session.ts). Set by the user resource's disable transition (schemas/resources/user.json).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column disabled_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop column disabled_at`.execute(db);
}
