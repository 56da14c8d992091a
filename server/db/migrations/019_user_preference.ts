import { type Kysely, sql } from 'kysely';

/**
 * A user's look of the console (issue 20 points 5 and 6, docs/decisions.md "Theme and language"):
 * the theme (light, dark, or the system's) and the language (zh-CN, en-US), kept per user on the
 * server so that a sign-in on any browser applies them. No row: the defaults (light, zh-CN).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_preference (
      user_id integer primary key references app_user(id) on delete cascade,
      theme text not null default 'light' check (theme in ('light', 'dark', 'system')),
      language text not null default 'zh-CN' check (language in ('zh-CN', 'en-US')),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_preference`.execute(db);
}
