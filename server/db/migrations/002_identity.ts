import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Identity tables beside 001_core: single-use auth codes for jumping to other subsystems, the server-side
 * slider challenge of password recovery, the messaging-app (WeChat) authorize state and its one-time codes,
 * per-session security checks, and uploaded files. Secrets (codes, proofs) are stored as hashes only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table auth_code (
      id serial primary key,
      code_hash char(64) not null unique,
      user_id integer not null references app_user(id) on delete cascade,
      -- the subsystem the code admits to (100, 200, 301; 300 for a jump back into this console)
      system_id integer not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table slider_challenge (
      id serial primary key,
      challenge_hash char(64) not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      passed_at timestamptz,
      proof_hash char(64) unique,
      proof_expires_at timestamptz,
      proof_used_at timestamptz
    );
    create index slider_challenge_expiry_idx on slider_challenge (expires_at);

    -- One row per QR code shown: the action (SPEC 2.5 actType) and, for binding actions, who asked.
    create table wechat_state (
      state varchar(80) primary key,
      act_type smallint not null,
      user_id integer references app_user(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );

    -- The provider's one-time code for a confirmed scan: which messaging-app identity confirmed which state.
    create table wechat_grant (
      id serial primary key,
      code_hash char(64) not null unique,
      state varchar(80) not null references wechat_state(state) on delete cascade,
      open_id varchar(64) not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    -- Security steps a session has passed: the abnormal-login identity check, and the old phone
    -- verified before a phone change (SPEC 2.7, 2.9).
    create table session_check (
      session_id integer primary key references session(id) on delete cascade,
      identity_checked_at timestamptz,
      old_phone_checked_at timestamptz
    );

    create table upload_file (
      id serial primary key,
      user_id integer not null references app_user(id) on delete cascade,
      model_type varchar(40) not null,
      relative_url varchar(200) not null unique,
      mime varchar(40) not null,
      size integer not null,
      width integer not null,
      height integer not null,
      created_at timestamptz not null default now()
    );
    create index upload_file_user_idx on upload_file (user_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table upload_file, session_check, wechat_grant, wechat_state, slider_challenge, auth_code cascade;
  `.execute(db);
}
