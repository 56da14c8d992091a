import { type Kysely, sql } from 'kysely';
import { runStatements } from '../run-statements';

/**
 * The inbound and in-warehouse documents whose print pages read their data from the list page
 * (SPEC 2.14, 3): receipts with their lines, goods received but not yet put on a shelf (the putaway
 * list), and replenishment rows (storage shelf → pick shelf). Quantities keep 3 decimals (SPEC 9).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create table receive_order (
      id serial primary key,
      receive_code varchar(32) not null unique,
      -- referOrder of SPEC 3: the purchase the goods were received against
      purchase_code varchar(32) not null,
      warehouse_name varchar(100) not null,
      supplier_name varchar(100) not null,
      create_name varchar(50) not null,
      receive_name varchar(50),
      receive_time timestamptz,
      line_count integer not null default 0,
      total_quantity numeric(14, 3) not null default 0,
      remark varchar(200),
      create_time timestamptz not null default now()
    );
    create index receive_order_time_idx on receive_order (create_time);

    create table receive_order_item (
      id serial primary key,
      receive_order_id integer not null references receive_order(id) on delete cascade,
      line_no integer not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      real_quantity numeric(14, 3) not null,
      number_unit varchar(10) not null,
      production_time date,
      expiration_time date,
      -- box size in centimetres and weight in kilograms
      length numeric(8, 1),
      width numeric(8, 1),
      height numeric(8, 1),
      weight numeric(10, 3),
      quality_days integer
    );
    create index receive_order_item_order_idx on receive_order_item (receive_order_id, line_no);

    create table putaway_item (
      id serial primary key,
      -- the receipt the goods came in with; a putaway sheet covers one receipt or a selection
      receive_code varchar(32) not null,
      warehouse_name varchar(100) not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      commodity_unit varchar(10) not null,
      plank_code varchar(32),
      shelf_no varchar(20),
      -- SPEC 3: true shelved, false not shelved
      up_status boolean not null default false,
      create_time timestamptz not null default now()
    );
    create index putaway_item_receive_idx on putaway_item (receive_code);
    create index putaway_item_time_idx on putaway_item (create_time);

    create table replenishment_row (
      id serial primary key,
      -- the replenishment task the row belongs to; one sheet per task
      replenishment_code varchar(32) not null,
      warehouse_name varchar(100) not null,
      storage_shelf_no varchar(20) not null,
      shelf_no varchar(20) not null,
      commodity_code varchar(32) not null,
      commodity_name varchar(100) not null,
      commodity_spec varchar(50),
      real_name varchar(50) not null,
      replenishment_quantity numeric(14, 3) not null,
      real_replenishment_quantity numeric(14, 3),
      -- replenishmentStatus: 0 to replenish, 1 replenishing, 2 done (read-only)
      status smallint not null default 0,
      create_time timestamptz not null default now(),
      finish_time timestamptz
    );
    create index replenishment_row_code_idx on replenishment_row (replenishment_code);
    create index replenishment_row_time_idx on replenishment_row (create_time);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table replenishment_row, putaway_item, receive_order_item, receive_order cascade;`.execute(
    db,
  );
}
