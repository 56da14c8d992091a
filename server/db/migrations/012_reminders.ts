import { type Kysely, sql } from 'kysely';

/**
 * What the reminder worker has sent (server/services/reminders.ts): one row per reminder, row and date
 * value. The primary key makes a reminder go out once whatever the restarts and however many servers
 * run the pass: the message is written only by the transaction whose insert of this row happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reminder_log (
    reminder varchar(100) not null,
    row_key varchar(300) not null,
    due_date date not null,
    message_id integer,
    receiver_count integer not null default 0,
    create_time timestamptz not null default now(),
    primary key (reminder, row_key, due_date)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reminder_log`.execute(db);
}
