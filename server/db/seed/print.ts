import { sql } from 'kysely';
import type { Database } from '../index';
import { prng, seedNow, spreadMinutes, staff, warehouses } from './resources-catalogue';

/**
 * Demo documents of the print pages (SPEC 2.14): department requisitions for the finance claim slip
 * (the last 90 days), dated before the seed anchor. Deterministic for an anchor (seeded PRNG), skipped
 * when the table already holds rows. Ids are fixed so that tests and the demo can name a document:
 * requisition 1 is approved and fully issued. The shop-app orders of the pending-delivery slip are
 * cloud-supermarket orders seeded from schemas/seed/cloudOrder.json.
 */
export const OBTAIN_ORDERS = 60;

const MINUTE = 60_000;
const BATCH = 400;

const DEPARTMENTS = ['行政部', '财务部', '人力资源部', '信息技术部', '市场部', '门店运营部', '品控部'];
/** Consumables a department claims from the warehouse: name, spec, unit, price. */
const SUPPLIES: [string, string, string, number][] = [
  ['A4复印纸', '70g/500张', '包', 24.5],
  ['保鲜袋', '中号/100只', '卷', 8.9],
  ['一次性手套', 'PE/100只', '盒', 6.5],
  ['热敏标签纸', '60×40mm/800张', '卷', 12.8],
  ['封箱胶带', '48mm×100m', '卷', 5.6],
  ['记号笔', '黑色/粗头', '支', 3.2],
  ['冷链保温箱', '30L', '个', 68],
  ['冰袋', '400ml', '个', 2.4],
  ['防滑手套', '加厚', '副', 9.9],
  ['工作服', '短袖/均码', '套', 85],
  ['打印色带', '110mm×300m', '个', 32],
  ['消毒湿巾', '80片', '包', 11.5],
  ['垃圾袋', '加厚/50只', '卷', 7.8],
  ['电子秤电池', '6V4Ah', '个', 45],
];

const iso = (ms: number) => new Date(ms).toISOString();
const chinaDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const chinaDay = (ms: number) => chinaDate(ms).replace(/-/g, '');
const money = (n: number) => Math.round(n * 100) / 100;

async function insertBatches(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for several tables
    await (db as any)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/** Explicit ids were inserted: move the serial sequence past them. */
async function syncSequence(db: Database, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
    db,
  );
}

async function seedObtainOrders(db: Database, now: number): Promise<void> {
  const rng = prng(20260305);
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= OBTAIN_ORDERS; id++) {
    const created =
      now - (OBTAIN_ORDERS - id) * spreadMinutes(OBTAIN_ORDERS) * MINUTE - rng.int(0, 120) * MINUTE;
    const status = id === 1 ? 1 : rng.weighted({ 0: 20, 1: 65, 2: 10, 3: 5 });
    const issued = status === 1;
    const start = rng.int(0, SUPPLIES.length - 1);
    const count = rng.int(2, 8);
    for (let i = 0; i < count; i++) {
      const [name, spec, unit, price] = SUPPLIES[(start + i * 3) % SUPPLIES.length]!;
      const quantity = rng.int(1, 20);
      // The warehouse may issue less than asked when stock is short.
      const picked = issued ? Math.max(1, quantity - (rng.next() < 0.2 ? rng.int(1, quantity) : 0)) : null;
      items.push({
        orderId: id,
        lineNo: i + 1,
        commodityCode: String(900001 + ((start + i * 3) % SUPPLIES.length)),
        commodityName: name,
        commoditySpec: spec,
        unitName: unit,
        quantity: quantity.toFixed(3),
        pickQuantity: picked === null ? null : picked.toFixed(3),
        price: price.toFixed(2),
        pickAmount: picked === null ? null : money(price * picked).toFixed(2),
      });
    }
    orders.push({
      id,
      orderCode: `LY${chinaDay(created)}${String(id).padStart(6, '0')}`,
      departmentName: rng.pick(DEPARTMENTS),
      warehouseName: rng.pick(warehouses),
      obtainDate: chinaDate(created),
      obtainName: rng.pick(staff),
      stockUserName: issued ? rng.pick(staff) : null,
      status,
      remark: rng.next() < 0.2 ? rng.pick(['月度办公用品', '新店开业物料', '节日促销物料']) : null,
      createTime: iso(created),
    });
  }
  await insertBatches(db, 'dpObtainOutOrder', orders);
  await insertBatches(db, 'dpObtainOutOrderItem', items);
  await syncSequence(db, 'dp_obtain_out_order');
}

/** Department requisitions for the print pages, only when the table is empty. */
export async function seedPrintDocuments(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  if (!(await db.selectFrom('dpObtainOutOrder').select('id').limit(1).executeTakeFirst())) {
    await seedObtainOrders(db, now);
  }
}
