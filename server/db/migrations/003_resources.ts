import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * Warehouse documents served by the resource engine (schemas/resources): pick orders, stock-out orders
 * and transfer applications, each with its lines. Status values are those of schemas/enums.
 * Quantities keep 3 decimals and money 2 (SPEC 9). Codes are unique; lines go with their header.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table pick_order (
      id serial primary key,
      pick_order_code varchar(32) not null unique,
      store_code varchar(32) not null,
      store_name varchar(100) not null,
      warehouse_name varchar(100) not null,
      pick_zone smallint not null,
      delivery_batch smallint not null,
      -- pickOrderStatus: 10 to assign, 20 to pick, 30 picking, 40 done, 0 cancelled
      status smallint not null default 10,
      picker_name varchar(50),
      user_name varchar(50) not null,
      line_count integer not null default 0,
      total_quantity numeric(14, 3) not null default 0,
      create_time timestamptz not null default now(),
      finish_time timestamptz,
      remark varchar(200)
    );
    create index pick_order_status_idx on pick_order (status, create_time desc);
    create index pick_order_create_idx on pick_order (create_time desc, id);

    create table pick_order_item (
      id serial primary key,
      pick_order_id integer not null references pick_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      bar_code varchar(32),
      shelf_no varchar(20),
      pick_quantity numeric(14, 3) not null,
      real_pick_quantity numeric(14, 3),
      remark varchar(200)
    );
    create index pick_order_item_order_idx on pick_order_item (pick_order_id, line_no);

    create table stock_out_order (
      id serial primary key,
      order_code varchar(32) not null unique,
      -- stockOutType: 1 store delivery, 2 transfer, 3 return to supplier, 4 requisition, 5 loss
      output_type smallint not null,
      -- stockOutStatus: 10 to ship, 20 shipped, 0 cancelled
      status smallint not null default 10,
      delivery_order_code varchar(32),
      store_name varchar(100),
      flowshop_name varchar(100),
      warehouse_in_name varchar(100),
      warehouse_name varchar(100) not null,
      supplier_name varchar(100),
      out_time timestamptz,
      employee_name varchar(50),
      refer_code varchar(300),
      total_amount numeric(14, 2) not null default 0,
      create_time timestamptz not null default now()
    );
    create index stock_out_order_status_idx on stock_out_order (status, create_time desc);
    create index stock_out_order_create_idx on stock_out_order (create_time desc, id);

    create table stock_out_order_item (
      id serial primary key,
      stock_out_order_id integer not null references stock_out_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_unit_name varchar(10) not null,
      commodity_price numeric(12, 2) not null,
      expect_quantity numeric(14, 3) not null,
      out_stock_quantity numeric(14, 3),
      total_amount numeric(14, 2),
      return_reasons varchar(200),
      remark varchar(200),
      bar_code_list jsonb not null default '[]'
    );
    create index stock_out_order_item_order_idx on stock_out_order_item (stock_out_order_id, line_no);

    create table transfer_apply (
      id serial primary key,
      order_code varchar(32) not null unique,
      company_name varchar(100) not null,
      produce_date date not null,
      warehouse_out_name varchar(100) not null,
      warehouse_in_name varchar(100) not null,
      deadline_out_time timestamptz,
      -- transferApplyStatus: 10 to review, 50 rejected, 20 to ship, 30 to receive, 40 done, 0 cancelled
      status smallint not null default 10,
      auditor_name varchar(50),
      audit_time timestamptz,
      create_name varchar(50) not null,
      create_time timestamptz not null default now(),
      remark varchar(200)
    );
    create index transfer_apply_status_idx on transfer_apply (status, create_time desc);

    create table transfer_apply_item (
      id serial primary key,
      transfer_apply_id integer not null references transfer_apply(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      commodity_unit_name varchar(10) not null,
      expect_quantity numeric(14, 3) not null,
      real_quantity numeric(14, 3)
    );
    create index transfer_apply_item_order_idx on transfer_apply_item (transfer_apply_id, line_no);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table transfer_apply_item, transfer_apply, stock_out_order_item, stock_out_order,
      pick_order_item, pick_order cascade;
  `.execute(db);
}
