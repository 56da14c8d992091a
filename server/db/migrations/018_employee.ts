import { type Kysely, sql } from 'kysely';

/**
 * Employee functions (issue 20 point 4, docs/decisions.md "Employee functions"):
 * - entry_date, leave_date: the employment of an account; app_user.status 2 is 离职 (departed), left by
 *   复职 with a new entry date (schemas/resources/user.json);
 * - pwd_reset_at: an administrator reset the password to a one-time password; until the user changes it
 *   he can only change it (services/profile-checks.ts); pwd_reset_used_at: the one sign-in it allowed
 *   has happened (routes/auth/sign-in.ts), a second one with it is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column entry_date date, add column leave_date date,
    add column pwd_reset_at timestamptz, add column pwd_reset_used_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop column entry_date, drop column leave_date, drop column pwd_reset_at,
    drop column pwd_reset_used_at`.execute(db);
}
