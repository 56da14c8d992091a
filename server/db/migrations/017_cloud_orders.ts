import { type Kysely, sql } from 'kysely';

/**
 * Issue 17.1: the shop-app orders of migration 005 move onto the cloud-supermarket order resource
 * (schemas/resources/cloudOrder.json owns cloud_order and cloud_order_item; the pending-delivery list
 * and its print read them). The old tables held demo rows only, seeded by server/db/seed/print.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists shop_app_order_item`.execute(db);
  await sql`drop table if exists shop_app_order`.execute(db);
}

/** The empty tables of 005 again (their demo rows are not restored). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shop_app_order (
      id serial primary key,
      order_code varchar(32) not null unique,
      shop_id integer not null references org(id),
      store_name varchar(100) not null,
      order_status smallint not null,
      delivery_method smallint not null,
      receive_time date not null,
      receive_interval varchar(20) not null,
      receive_man varchar(50) not null,
      receive_phone varchar(11) not null,
      receive_address varchar(200) not null,
      goods_amount numeric(14, 2) not null default 0,
      freight_amount numeric(12, 2) not null default 0,
      discount_amount numeric(12, 2) not null default 0,
      pay_amount numeric(14, 2) not null default 0,
      remark varchar(200),
      create_time timestamptz not null default now(),
      pay_time timestamptz
    )`.execute(db);
  await sql`create index shop_app_order_shop_idx on shop_app_order (shop_id, order_status, receive_time)`.execute(
    db,
  );
  await sql`
    create table shop_app_order_item (
      id serial primary key,
      order_id integer not null references shop_app_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      unit_name varchar(10) not null,
      quantity numeric(14, 3) not null,
      is_weight boolean not null default false,
      price numeric(12, 2) not null,
      amount numeric(14, 2) not null,
      promotion_name varchar(100)
    )`.execute(db);
  await sql`create index shop_app_order_item_order_idx on shop_app_order_item (order_id, line_no)`.execute(
    db,
  );
}
