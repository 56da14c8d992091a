import { type Kysely, sql } from 'kysely';

/**
 * Roles for one organisation of an account (issue 22.4, docs/decisions.md "Roles per organisation"):
 * when an account has rows here for the organisation chosen at sign-in, they are the roles it acts
 * with there, instead of its account roles (user_role). The account must hold the organisation
 * (user_org); taking the organisation away takes its roles with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_org_role (
    user_id integer not null,
    org_id integer not null,
    role_id integer not null references role(id) on delete cascade,
    primary key (user_id, org_id, role_id),
    foreign key (user_id, org_id) references user_org(user_id, org_id) on delete cascade
  )`.execute(db);
  await sql`create index user_org_role_role_idx on user_org_role (role_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table user_org_role`.execute(db);
}
