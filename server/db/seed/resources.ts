import { sql } from 'kysely';
import type { Database } from '../index';
import {
  type Commodity,
  code,
  commodities,
  prng,
  quantity,
  type Rng,
  seedNow,
  spreadMinutes,
  shelfNo,
  staff,
  stores,
  suppliers,
  warehouses,
} from './resources-catalogue';

/** Rows per INSERT: fast, and far below PostgreSQL's 65535 bind parameters. */
const BATCH = 400;
const MINUTE = 60_000;

async function insertBatches(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for several tables
    await (db as any)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** Explicit ids were inserted: move the serial sequence past them so created rows get new ids. */
async function syncSequence(db: Database, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db,
  );
}

/** Distinct commodities for the lines of one document. */
function lines(rng: Rng, count: number): Commodity[] {
  const start = rng.int(0, commodities.length - 1);
  const step = rng.pick([1, 7, 11, 13]);
  return Array.from({ length: count }, (_, i) => commodities[(start + i * step) % commodities.length]!);
}

const iso = (ms: number) => new Date(ms).toISOString();

export const PICK_ORDERS = 600;
export const STOCK_OUT_ORDERS = 600;
/** The newest pick order has this many lines (SPEC print pages and the detail drawer must cope). */
export const BIG_PICK_ORDER_LINES = 200;

async function seedPickOrders(db: Database, now: number): Promise<void> {
  const rng = prng(20260301);
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= PICK_ORDERS; id++) {
    const created = now - (PICK_ORDERS - id) * spreadMinutes(PICK_ORDERS) * MINUTE - rng.int(0, 90) * MINUTE;
    const store = rng.pick(stores);
    const status = id === PICK_ORDERS ? 10 : rng.weighted({ 10: 15, 20: 20, 30: 10, 40: 45, 0: 10 });
    const goods = lines(rng, id === PICK_ORDERS ? BIG_PICK_ORDER_LINES : rng.int(3, 12));
    let total = 0;
    goods.forEach((c, i) => {
      const q = quantity(rng, c, 50);
      total += q;
      items.push({
        pickOrderId: id,
        lineNo: i + 1,
        commodityCode: c.code,
        commodityName: c.name,
        commoditySpec: c.spec,
        barCode: c.barCode,
        shelfNo: shelfNo(rng),
        pickQuantity: q.toFixed(3),
        realPickQuantity: status === 40 ? q.toFixed(3) : null,
        remark: rng.next() < 0.05 ? '易碎，轻拿轻放' : null,
      });
    });
    orders.push({
      id,
      pickOrderCode: code('JH', created, id),
      storeCode: store.code,
      storeName: store.name,
      warehouseName: store.warehouse,
      pickZone: rng.weighted({ 1: 20, 2: 60, 3: 20 }),
      deliveryBatch: rng.weighted({ 1: 40, 2: 30, 3: 20, 8: 5, 9: 5 }),
      status,
      pickerName: status === 10 ? null : rng.pick(staff),
      userName: rng.pick(staff),
      lineCount: goods.length,
      totalQuantity: total.toFixed(3),
      createTime: iso(created),
      finishTime: status === 40 ? iso(created + rng.int(20, 240) * MINUTE) : null,
      remark: rng.next() < 0.1 ? '门店加急' : null,
    });
  }
  await insertBatches(db, 'pickOrder', orders);
  await insertBatches(db, 'pickOrderItem', items);
  await syncSequence(db, 'pick_order');
}

async function seedStockOutOrders(db: Database, now: number): Promise<void> {
  const rng = prng(20260302);
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= STOCK_OUT_ORDERS; id++) {
    const created =
      now - (STOCK_OUT_ORDERS - id) * spreadMinutes(STOCK_OUT_ORDERS) * MINUTE - rng.int(0, 90) * MINUTE;
    const type = rng.weighted({ 1: 50, 2: 20, 3: 12, 4: 10, 5: 8 });
    const status = rng.weighted({ 10: 25, 20: 65, 0: 10 });
    const store = rng.pick(stores);
    const warehouse = store.warehouse;
    let amount = 0;
    lines(rng, rng.int(2, 8)).forEach((c, i) => {
      const expect = quantity(rng, c, 40);
      const out = status === 20 ? expect : null;
      const lineAmount = Math.round(c.price * (out ?? expect) * 100) / 100;
      amount += lineAmount;
      items.push({
        stockOutOrderId: id,
        lineNo: i + 1,
        commodityCode: c.code,
        commodityName: c.name,
        commodityUnitName: c.unit,
        commodityPrice: c.price.toFixed(2),
        expectQuantity: expect.toFixed(3),
        outStockQuantity: out === null ? null : out.toFixed(3),
        totalAmount: lineAmount.toFixed(2),
        returnReasons: type === 3 ? rng.pick(['质量问题', '临期', '包装破损']) : null,
        remark: null,
        barCodeList: JSON.stringify(
          rng.next() < 0.3 ? [c.barCode, `${c.barCode.slice(0, 12)}9`] : [c.barCode],
        ),
      });
    });
    const refs = Array.from({ length: rng.int(1, 3) }, (_, k) => code('DD', created, id * 3 + k));
    orders.push({
      id,
      orderCode: code('CK', created, id),
      outputType: type,
      status,
      deliveryOrderCode: type === 1 ? code('PS', created, id) : null,
      storeName: type === 1 || type === 4 ? store.name : null,
      flowshopName: type === 4 ? rng.pick(stores).name : null,
      warehouseInName: type === 2 ? rng.pick(warehouses.filter((w) => w !== warehouse)) : null,
      warehouseName: warehouse,
      supplierName: type === 3 ? rng.pick(suppliers) : null,
      outTime: status === 20 ? iso(created + rng.int(30, 600) * MINUTE) : null,
      employeeName: status === 20 ? rng.pick(staff) : null,
      referCode: refs.join(','),
      totalAmount: amount.toFixed(2),
      createTime: iso(created),
    });
  }
  await insertBatches(db, 'stockOutOrder', orders);
  await insertBatches(db, 'stockOutOrderItem', items);
  await syncSequence(db, 'stock_out_order');
}

/**
 * Demo rows for the warehouse document lists (600 pick orders, one with 200 lines; 600 stock-out
 * orders), spread over the 90 days before the anchor (YYYY-MM-DD). Transfers are declared in
 * schemas/seed/transferApply.json.
 * Deterministic for an anchor; each table is skipped when it already has rows.
 */
export async function seedResources(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  const empty = async (table: 'pickOrder' | 'stockOutOrder') =>
    !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());
  if (await empty('pickOrder')) await seedPickOrders(db, now);
  if (await empty('stockOutOrder')) await seedStockOutOrders(db, now);
}
