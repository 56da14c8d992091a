import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * The layout's panels and centres (SPEC 2.12, 2.13, 7.4, 7.7, 7.10): platform messages with their
 * receivers and the system-notice setting log, personal printer settings (v1 and v2), the download
 * centre's apps, versions and uploaded packages, the data export jobs and their single-use links,
 * and the commodity price list that the export centre is measured on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table im_message (
      id serial primary key,
      -- messageType: 1 system notice, 2 broadcast, 3 department notice
      msg_type smallint not null,
      title varchar(50) not null,
      -- sanitised HTML (services/messages-html.ts); content_length counts its text characters
      content text not null,
      content_length integer not null default 0,
      -- 1 published, 0 withdrawn (system notices only; a withdrawn message is hidden from receivers)
      status smallint not null default 1,
      sender_id integer references app_user(id),
      create_name varchar(50) not null,
      sender_org_id integer references org(id),
      -- the chosen receivers as sent (orgList, roleList, userList) and their readable summary
      org_list jsonb not null default '[]',
      role_list jsonb not null default '[]',
      user_list jsonb not null default '[]',
      receive_range varchar(2000) not null default '',
      receiver_count integer not null default 0,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );
    create index im_message_type_idx on im_message (msg_type, create_time desc);
    create index im_message_sender_idx on im_message (sender_id, create_time desc);

    -- Receivers are resolved to people when the message is sent: one row per person.
    create table im_message_receiver (
      message_id integer not null references im_message(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      is_read boolean not null default false,
      read_time timestamptz,
      primary key (message_id, user_id)
    );
    create index im_message_receiver_user_idx on im_message_receiver (user_id, is_read, message_id desc);

    -- SPEC 7.7 system notice setting log: every add, edit and status change, with the values it set.
    create table im_notice_log (
      id serial primary key,
      message_id integer not null references im_message(id) on delete cascade,
      -- noticeLogAction: 1 added, 2 edited, 3 published, 4 withdrawn
      action smallint not null,
      title varchar(50) not null,
      content text not null,
      status smallint not null,
      operator_id integer references app_user(id),
      operator_name varchar(50) not null,
      create_time timestamptz not null default now()
    );
    create index im_notice_log_message_idx on im_notice_log (message_id, id desc);

    -- Printers of both versions (SPEC 3): v1 the product printer list, v2 the print server's clients.
    create table printer (
      id serial primary key,
      version smallint not null,
      printer_name varchar(100) not null,
      department varchar(100),
      employee_code varchar(20),
      employee_name varchar(50),
      ip varchar(45),
      printer_remark varchar(200),
      -- v2: 1 online, 0 offline
      monitor_status smallint not null default 1,
      print_status varchar(20),
      number_of_jobs integer not null default 0,
      create_time timestamptz not null default now()
    );
    create index printer_version_idx on printer (version, id);

    -- SPEC 4: printer settings are per user, one default per user and version.
    create table user_default_printer (
      user_id integer not null references app_user(id) on delete cascade,
      version smallint not null,
      printer_id integer not null references printer(id) on delete cascade,
      update_time timestamptz not null default now(),
      primary key (user_id, version)
    );

    -- Download centre (SPEC 7.10).
    create table app_info (
      id serial primary key,
      app_name varchar(50) not null,
      app_icon_url varchar(300),
      device_name varchar(50),
      -- appStatus: 1 enabled, 0 stopped
      status smallint not null default 1,
      sort integer not null default 0,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );

    create table app_package (
      id serial primary key,
      file_name varchar(200) not null,
      -- under DATA_DIR/appinfo/
      relative_path varchar(300) not null unique,
      size bigint not null,
      user_id integer references app_user(id),
      create_time timestamptz not null default now()
    );

    create table app_version (
      id serial primary key,
      app_id integer not null references app_info(id) on delete cascade,
      os varchar(20) not null,
      app_version varchar(30) not null,
      app_size bigint,
      app_remark text not null default '',
      app_url varchar(500) not null,
      package_id integer references app_package(id),
      status smallint not null default 1,
      create_time timestamptz not null default now(),
      update_time timestamptz not null default now()
    );
    create index app_version_app_idx on app_version (app_id, os, update_time desc);

    -- Data export centre: one row per export, the file under DATA_DIR/exports/.
    create table export_job (
      id serial primary key,
      user_id integer not null references app_user(id) on delete cascade,
      page varchar(100) not null,
      resource varchar(60) not null,
      title varchar(100) not null,
      params jsonb not null default '{}',
      columns jsonb not null default '[]',
      -- exportJobStatus: 0 queued, 1 running, 2 done, 3 failed
      status smallint not null default 0,
      row_count integer not null default 0,
      file_size bigint,
      file_name varchar(200),
      relative_path varchar(300),
      error varchar(300),
      heartbeat_at timestamptz,
      create_time timestamptz not null default now(),
      start_time timestamptz,
      finish_time timestamptz
    );
    create index export_job_user_idx on export_job (user_id, id desc);
    create index export_job_status_idx on export_job (status, id);

    -- A download link: a random ticket (hash stored), short-lived and single use.
    create table export_ticket (
      ticket_hash char(64) primary key,
      job_id integer not null references export_job(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      create_time timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    -- Commodity price list (SPEC 7.9 price lists): one price per store, commodity and price type.
    create table commodity_price (
      id serial primary key,
      store_code varchar(32) not null,
      store_name varchar(100) not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      unit_name varchar(10) not null,
      -- priceType: 1 retail, 2 member, 3 wholesale
      price_type smallint not null,
      price numeric(12, 2) not null,
      -- approvalStatus of the last price change
      status smallint not null default 1,
      effective_date date not null,
      update_name varchar(50) not null,
      update_time timestamptz not null default now(),
      unique (store_code, commodity_code, price_type)
    );
    create index commodity_price_update_idx on commodity_price (update_time desc, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table commodity_price, export_ticket, export_job, app_version, app_package, app_info,
      user_default_printer, printer, im_notice_log, im_message_receiver, im_message cascade;
  `.execute(db);
}
