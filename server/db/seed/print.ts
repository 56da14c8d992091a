import { sql } from 'kysely';
import type { Database } from '../index';
import {
  commodities,
  prng,
  type Rng,
  seedNow,
  spreadMinutes,
  staff,
  warehouses,
} from './resources-catalogue';

/**
 * Demo documents of the print pages (SPEC 2.14): shop-app orders for the pending-delivery slip (the
 * last four days: orders wait for delivery a day or two) and department requisitions for the finance
 * claim slip (the last 90 days), dated before the seed anchor. Deterministic for an anchor (seeded
 * PRNG), skipped when the tables already hold rows. Ids are fixed so that tests and the demo can name a document:
 * shop-app order 1 belongs to store 11 (杭州文三路店, md001's store), orders rotate over the operating
 * stores; requisition 1 is approved and fully issued.
 */
export const SHOP_APP_ORDERS = 120;
/** The newest shop-app order has this many lines (a slip longer than one page). */
export const BIG_SHOP_APP_ORDER_LINES = 60;
export const OBTAIN_ORDERS = 60;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BATCH = 400;

/** Operating stores (server/db/seed/orgs.ts): id and name; order i goes to store (i - 1) mod 5. */
const SHOPS = [
  { id: 11, name: '杭州文三路店', city: '杭州市西湖区文三路' },
  { id: 12, name: '杭州西湖店', city: '杭州市西湖区北山街' },
  { id: 13, name: '上海徐汇店', city: '上海市徐汇区漕溪北路' },
  { id: 15, name: '广州天河店', city: '广州市天河区体育西路' },
  { id: 16, name: '深圳南山店', city: '深圳市南山区科技园南路' },
] as const;

const INTERVALS = ['08:00-09:00', '09:00-10:00', '10:00-11:00', '16:00-17:00', '17:00-18:00', '18:00-19:00'];
const CUSTOMERS = [
  '林晓',
  '黄佳怡',
  '徐子涵',
  '孙浩然',
  '马思远',
  '朱雨桐',
  '胡一鸣',
  '郭婉清',
  '何嘉',
  '高明',
];
const PROMOTIONS = ['满59减10', '第二件半价', '会员专享价', '限时特价'];

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

function shopOrderLines(rng: Rng, orderId: number, count: number) {
  const start = rng.int(0, commodities.length - 1);
  const step = rng.pick([1, 7, 11, 13]);
  return Array.from({ length: count }, (_, i) => {
    const c = commodities[(start + i * step) % commodities.length]!;
    const quantity = c.weighed ? rng.int(300, 3000) / 1000 : rng.int(1, 4);
    const promotionName = rng.next() < 0.2 ? rng.pick(PROMOTIONS) : null;
    return {
      orderId,
      lineNo: i + 1,
      commodityCode: c.code,
      commodityName: c.name,
      commoditySpec: c.spec,
      unitName: c.weighed ? '千克' : c.unit,
      quantity: quantity.toFixed(3),
      isWeight: c.weighed,
      price: c.price.toFixed(2),
      amount: money(c.price * quantity).toFixed(2),
      promotionName,
    };
  });
}

async function seedShopAppOrders(db: Database, now: number): Promise<void> {
  const rng = prng(20260304);
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  for (let id = 1; id <= SHOP_APP_ORDERS; id++) {
    const shop = SHOPS[(id - 1) % SHOPS.length]!;
    const created = now - (SHOP_APP_ORDERS - id) * 47 * MINUTE - rng.int(0, 30) * MINUTE;
    // Most orders wait for delivery (what the slip is printed for); order 1 and the newest certainly do.
    const status =
      id === 1 || id === SHOP_APP_ORDERS
        ? 4
        : rng.weighted({ 4: 45, 2: 10, 3: 8, 5: 12, 6: 15, 7: 4, 1: 3, 0: 3 });
    const lines = shopOrderLines(rng, id, id === SHOP_APP_ORDERS ? BIG_SHOP_APP_ORDER_LINES : rng.int(2, 12));
    items.push(...lines);
    const goods = money(lines.reduce((s, l) => s + Number(l.amount), 0));
    const freight = goods >= 59 ? 0 : 5;
    const discount = lines.some((l) => l.promotionName) ? Math.min(10, money(goods * 0.1)) : 0;
    const paid = status !== 1 && status !== 0;
    orders.push({
      id,
      orderCode: `APP${chinaDay(created)}${String(id).padStart(6, '0')}`,
      shopId: shop.id,
      storeName: shop.name,
      orderStatus: status,
      deliveryMethod: rng.weighted({ 1: 60, 2: 25, 3: 15 }),
      receiveTime: chinaDate(created + (rng.next() < 0.6 ? 0 : DAY)),
      receiveInterval: rng.pick(INTERVALS),
      receiveMan: rng.pick(CUSTOMERS),
      receivePhone: `137${String(10000000 + id * 7331).slice(-8)}`,
      receiveAddress: `${shop.city}${rng.int(1, 399)}号${rng.int(1, 12)}幢${rng.int(1, 3)}单元${rng.int(101, 2402)}室`,
      goodsAmount: goods.toFixed(2),
      freightAmount: freight.toFixed(2),
      discountAmount: discount.toFixed(2),
      payAmount: money(goods + freight - discount).toFixed(2),
      remark: rng.next() < 0.15 ? rng.pick(['请放门口', '到了打电话', '水果挑新鲜的']) : null,
      createTime: iso(created),
      payTime: paid ? iso(created + rng.int(1, 5) * MINUTE) : null,
    });
  }
  await insertBatches(db, 'shopAppOrder', orders);
  await insertBatches(db, 'shopAppOrderItem', items);
  await syncSequence(db, 'shop_app_order');
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

/** Shop-app orders and department requisitions for the print pages; each table only when empty. */
export async function seedPrintDocuments(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  if (!(await db.selectFrom('shopAppOrder').select('id').limit(1).executeTakeFirst())) {
    await seedShopAppOrders(db, now);
  }
  if (!(await db.selectFrom('dpObtainOutOrder').select('id').limit(1).executeTakeFirst())) {
    await seedObtainOrders(db, now);
  }
}
