import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Operations screens (issue 20 points 1–2, docs/decisions.md "Online users and the logs"):
 * - session: the client of the sign-in (address, browser, device), the account and name at sign-in
 *   (searched as plain columns) and a state for the online-user list (1 online, 0 ended: signed out,
 *   replaced, forced out or found idle), so it is one indexed filter;
 * - audit_log: who (account and name as they were: a log outlives renamed and deleted accounts), the
 *   organisation, address, function title, outcome and error code of each write, and the changed
 *   fields (secrets removed) for the operation log;
 * - login_log: every sign-in attempt, successful or not, with its reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table session add column ip varchar(64), add column browser varchar(100),
      add column device varchar(100), add column state smallint not null default 1,
      add column account varchar(11), add column real_name varchar(50);
    update session set state = 0 where revoked_at is not null;
    update session s set account = u.account, real_name = u.real_name from app_user u where u.id = s.user_id;
    create index session_state_idx on session (state, last_seen_at desc);

    alter table audit_log add column account varchar(64), add column real_name varchar(50),
      add column org_id integer, add column ip varchar(64),
      add column title varchar(100), add column result smallint not null default 1,
      add column error_code varchar(20), add column error_msg varchar(300), add column changes text;
    update audit_log a set account = u.account, real_name = u.real_name from app_user u where u.id = a.user_id;
    create index audit_log_at_idx on audit_log (at desc);
    create index audit_log_request_idx on audit_log (request_id);

    create table login_log (
      id bigserial primary key,
      account varchar(128),
      user_id integer,
      account_type smallint,
      -- 1 success, 0 failure
      result smallint not null,
      reason varchar(200),
      error_code varchar(20),
      ip varchar(64),
      browser varchar(100),
      device varchar(100),
      at timestamptz not null default now()
    );
    create index login_log_at_idx on login_log (at desc);
    create index login_log_account_idx on login_log (account);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_log`.execute(db);
  await sql`alter table audit_log drop column account, drop column real_name, drop column org_id, drop column ip, drop column title, drop column result,
    drop column error_code, drop column error_msg, drop column changes`.execute(db);
  await sql`alter table session drop column ip, drop column browser, drop column device, drop column state,
    drop column account, drop column real_name`.execute(db);
}
