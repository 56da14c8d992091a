import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Documents that only the print pages read (SPEC 2.14, 3): shop-app orders (the pending-delivery slip)
 * and department requisitions (the finance claim slip), each with its lines, plus a log of printed
 * transfer requisitions (the print call is a POST: every print is counted and shown on the sheet).
 * Quantities keep 3 decimals and money 2 (SPEC 9).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table shop_app_order (
      id serial primary key,
      order_code varchar(32) not null unique,
      -- the store (org of ref_obj_type 2) that delivers the order; store users see only their own
      shop_id integer not null references org(id),
      store_name varchar(100) not null,
      -- orderStatus: 1 to pay, 2 to pick, 3 outbound, 4 to deliver, 5 delivering, 6 delivered, 7 failed, 0 cancelled
      order_status smallint not null,
      -- deliveryMethod: 1 self-delivery, 2 third party, 3 store pickup, 4 courier, 5 express carrier
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
    );
    create index shop_app_order_shop_idx on shop_app_order (shop_id, order_status, receive_time);

    create table shop_app_order_item (
      id serial primary key,
      order_id integer not null references shop_app_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      unit_name varchar(10) not null,
      quantity numeric(14, 3) not null,
      -- weighed goods are sold by weight: the slip says so, the packer weighs them
      is_weight boolean not null default false,
      price numeric(12, 2) not null,
      amount numeric(14, 2) not null,
      promotion_name varchar(100)
    );
    create index shop_app_order_item_order_idx on shop_app_order_item (order_id, line_no);

    create table dp_obtain_out_order (
      id serial primary key,
      order_code varchar(32) not null unique,
      department_name varchar(100) not null,
      warehouse_name varchar(100) not null,
      obtain_date date not null,
      obtain_name varchar(50) not null,
      stock_user_name varchar(50),
      -- approvalStatus: 0 pending, 1 approved, 2 rejected, 3 cancelled
      status smallint not null default 0,
      remark varchar(200),
      create_time timestamptz not null default now()
    );

    create table dp_obtain_out_order_item (
      id serial primary key,
      order_id integer not null references dp_obtain_out_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      unit_name varchar(10) not null,
      quantity numeric(14, 3) not null,
      pick_quantity numeric(14, 3),
      price numeric(12, 2) not null,
      pick_amount numeric(14, 2)
    );
    create index dp_obtain_out_order_item_order_idx on dp_obtain_out_order_item (order_id, line_no);

    create table print_log (
      id serial primary key,
      -- what was printed: 'transfer' (more kinds may follow) and its document code
      doc_type varchar(20) not null,
      doc_code varchar(32) not null,
      user_id integer not null references app_user(id) on delete cascade,
      printed_at timestamptz not null default now()
    );
    create index print_log_doc_idx on print_log (doc_type, doc_code);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table print_log, dp_obtain_out_order_item, dp_obtain_out_order, shop_app_order_item,
      shop_app_order cascade;
  `.execute(db);
}
