import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Packers (SPEC 7.9: the packer list and its export): the staff of the processing centres who pack
 * fresh goods. Read by the packer list page and exported through the data export centre (issue 6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table packer (
      id serial primary key,
      packer_code varchar(32) not null unique,
      packer_name varchar(50) not null,
      factory_name varchar(100) not null,
      phone varchar(11),
      -- packerStatus: 1 active, 0 stopped
      status smallint not null default 1,
      create_time timestamptz not null default now()
    );
    create index packer_factory_idx on packer (factory_name, status);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table packer cascade;`.execute(db);
}
