import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Core tables: organisations, subsystems, accounts, roles, the permission menu, sessions,
 * SMS codes with their demo outbox, login failures and the audit log.
 * Column names are snake_case; Kysely's CamelCasePlugin maps them to the API's camelCase.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table org (
      id integer primary key,
      parent_id integer references org(id),
      code varchar(32) not null unique,
      name varchar(100) not null,
      -- 1 headquarters-type (no store), 2 store, 3 warehouse (docs/decisions.md)
      ref_obj_type smallint not null,
      -- 0 operation suspended, 1 operating, 2 closing
      ref_obj_status smallint not null default 1,
      shop_type smallint,
      management_mode smallint,
      sort integer not null default 0
    );

    create table subsystem (
      system_id integer primary key,
      system_name varchar(50) not null,
      system_url varchar(300),
      sort integer not null default 0
    );

    create table app_user (
      id serial primary key,
      account varchar(11) not null unique,
      password_hash varchar(200) not null,
      real_name varchar(50) not null,
      phone varchar(11) unique,
      email varchar(100),
      city varchar(50),
      employee_type_name varchar(50),
      position_name varchar(50),
      org_id integer references org(id),
      -- 1 opened, 0 disabled
      status smallint not null default 1,
      abnormal_login boolean not null default false,
      pwd_change_due boolean not null default false,
      wechat_open_id varchar(64) unique,
      photo_url varchar(300),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table user_org (
      user_id integer not null references app_user(id) on delete cascade,
      org_id integer not null references org(id),
      primary key (user_id, org_id)
    );

    create table role (
      id serial primary key,
      code varchar(50) not null unique,
      name varchar(50) not null,
      org_attribute_name varchar(50),
      -- 1 active, 0 disabled
      status smallint not null default 1,
      created_at timestamptz not null default now()
    );

    create table user_role (
      user_id integer not null references app_user(id) on delete cascade,
      role_id integer not null references role(id) on delete cascade,
      primary key (user_id, role_id)
    );

    -- The three-level menu (menu_class 1 group, 2 page) and buttons (menu_class 3, with a powerControl code).
    create table permission (
      id integer primary key,
      parent_id integer references permission(id),
      name varchar(50) not null,
      uri varchar(200),
      app varchar(20) not null,
      menu_class smallint not null,
      code varchar(100) unique,
      sort integer not null default 0
    );

    create table role_permission (
      role_id integer not null references role(id) on delete cascade,
      permission_id integer not null references permission(id) on delete cascade,
      primary key (role_id, permission_id)
    );

    -- Server-side sessions. Only a hash of the token is stored.
    create table session (
      id serial primary key,
      token_hash char(64) not null unique,
      user_id integer not null references app_user(id) on delete cascade,
      app_code varchar(10) not null,
      system_id integer,
      org_id integer,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      -- logout | replaced | password
      revoke_reason varchar(20)
    );
    create index session_user_idx on session (user_id, app_code) where revoked_at is null;

    create table sms_code (
      id serial primary key,
      phone varchar(11) not null,
      purpose varchar(20) not null,
      code_hash char(64) not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      tries smallint not null default 0,
      used_at timestamptz
    );
    create index sms_code_phone_idx on sms_code (phone, purpose, created_at desc);

    -- Demo SMS gateway: what would have been sent (DESIGN.md, demo mode only).
    create table sms_outbox (
      id serial primary key,
      phone varchar(11) not null,
      text varchar(500) not null,
      created_at timestamptz not null default now()
    );

    create table login_failure (
      id serial primary key,
      account varchar(64) not null,
      at timestamptz not null default now()
    );
    create index login_failure_idx on login_failure (account, at desc);

    create table audit_log (
      id bigserial primary key,
      user_id integer,
      action varchar(30) not null,
      entity varchar(50) not null,
      entity_id varchar(64),
      before jsonb,
      after jsonb,
      request_id varchar(64),
      at timestamptz not null default now()
    );
    create index audit_log_entity_idx on audit_log (entity, entity_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table audit_log, login_failure, sms_outbox, sms_code, session, role_permission, permission,
      user_role, role, user_org, app_user, subsystem, org cascade;
  `.execute(db);
}
