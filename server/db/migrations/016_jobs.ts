import { type Kysely, sql } from 'kysely';

/**
 * Issue 23: the export queue becomes the one job table of long work (exports, imports, batch actions).
 * `kind` names the runner; `total` with `row_count` (items done) is the progress; `result` keeps what
 * the job produced besides its file (counts, per-row errors); status 4 is cancelled; `claim` is the
 * token of the worker running it, so a worker that stalled and lost its job cannot overwrite it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table export_job add column kind varchar(20) not null default 'export'`.execute(db);
  await sql`alter table export_job add column total integer`.execute(db);
  await sql`alter table export_job add column result jsonb`.execute(db);
  await sql`alter table export_job add column claim varchar(40)`.execute(db);
  await sql`create index export_job_kind_idx on export_job (kind, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index export_job_kind_idx`.execute(db);
  await sql`alter table export_job drop column claim`.execute(db);
  await sql`alter table export_job drop column result`.execute(db);
  await sql`alter table export_job drop column total`.execute(db);
  await sql`alter table export_job drop column kind`.execute(db);
}
