import { type Kysely, sql } from 'kysely';

/**
 * The organisation an export was started in (issue 13.2): the worker lists its rows with the same
 * conditions as the list the user saw (the endpoint's fixed conditions, the caller's store and user),
 * so an export can never hold rows the list would not show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table export_job add column org_id integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table export_job drop column org_id`.execute(db);
}
