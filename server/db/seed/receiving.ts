import { sql } from 'kysely';
import type { Database } from '../index';
import {
  code,
  commodities,
  prng,
  quantity,
  type Rng,
  seedNow,
  shelfNo,
  staff,
  suppliers,
  warehouses,
} from './resources-catalogue';

/**
 * Demo receipts, goods waiting to be put away and replenishment rows (migration 006): the lists whose
 * print pages take their data from the list page (SPEC 2.14), dated in the weeks before the seed
 * anchor (receipts the last 24 days, replenishment tasks the last 15: working queues, not history).
 * Deterministic for an anchor (seeded PRNG), skipped when the tables already hold rows. The putaway goods are the lines of the newest receipts, so a
 * receipt's code finds them; the newest receipts are not shelved at all yet.
 */
export const RECEIVE_ORDERS = 80;
/** Receipts whose lines are on the putaway list (the newest ones). */
export const PUTAWAY_RECEIPTS = 30;
export const REPLENISHMENT_TASKS = 70;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BATCH = 400;

const iso = (ms: number) => new Date(ms).toISOString();
const chinaDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

async function insertBatches(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for several tables
    await (db as any)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

function receiptLines(rng: Rng, orderId: number, received: number, count: number) {
  const start = rng.int(0, commodities.length - 1);
  return Array.from({ length: count }, (_, i) => {
    const c = commodities[(start + i * 5) % commodities.length]!;
    const qualityDays = c.weighed ? rng.int(3, 15) : rng.int(7, 180);
    const produced = received - rng.int(0, Math.min(qualityDays - 1, 5)) * DAY;
    const boxed = rng.next() < 0.7;
    return {
      receiveOrderId: orderId,
      lineNo: i + 1,
      commodityCode: c.code,
      commodityName: c.name,
      commoditySpec: c.spec,
      realQuantity: quantity(rng, c, 200).toFixed(3),
      numberUnit: c.weighed ? '千克' : c.unit,
      productionTime: chinaDate(produced),
      expirationTime: chinaDate(produced + qualityDays * DAY),
      length: boxed ? rng.int(20, 60).toFixed(1) : null,
      width: boxed ? rng.int(20, 40).toFixed(1) : null,
      height: boxed ? rng.int(10, 30).toFixed(1) : null,
      weight: boxed ? (rng.int(2000, 25000) / 1000).toFixed(3) : null,
      qualityDays,
    };
  });
}

async function seedReceipts(db: Database, now: number): Promise<void> {
  const rng = prng(20260306);
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  const putaway: Record<string, unknown>[] = [];
  for (let id = 1; id <= RECEIVE_ORDERS; id++) {
    const created = now - (RECEIVE_ORDERS - id) * 7 * 60 * MINUTE - rng.int(0, 90) * MINUTE;
    const received = created + rng.int(20, 180) * MINUTE;
    const lines = receiptLines(rng, id, received, rng.int(3, 15));
    const receiveCode = code('SH', created, id);
    const warehouseName = rng.pick(warehouses);
    items.push(...lines);
    orders.push({
      id,
      receiveCode,
      purchaseCode: code('CG', created - rng.int(1, 3) * DAY, id),
      warehouseName,
      supplierName: rng.pick(suppliers),
      createName: rng.pick(staff),
      receiveName: rng.pick(staff),
      receiveTime: iso(received),
      lineCount: lines.length,
      totalQuantity: lines.reduce((s, l) => s + Number(l.realQuantity), 0).toFixed(3),
      remark: rng.next() < 0.15 ? rng.pick(['部分到货', '冷链车到货', '外箱破损已拍照']) : null,
      createTime: iso(created),
    });
    if (id > RECEIVE_ORDERS - PUTAWAY_RECEIPTS) {
      // The newest ten receipts are untouched; older ones are partly shelved already.
      const shelvedShare = id > RECEIVE_ORDERS - 10 ? 0 : 0.6;
      for (const l of lines) {
        const up = rng.next() < shelvedShare;
        putaway.push({
          receiveCode,
          warehouseName,
          commodityCode: l.commodityCode,
          commodityName: l.commodityName,
          commoditySpec: l.commoditySpec,
          commodityUnit: l.numberUnit,
          plankCode: rng.next() < 0.8 ? `TP${String(rng.int(1, 9999)).padStart(5, '0')}` : null,
          shelfNo: up || rng.next() < 0.7 ? shelfNo(rng) : null,
          upStatus: up,
          createTime: iso(received),
        });
      }
    }
  }
  await insertBatches(db, 'receiveOrder', orders);
  await insertBatches(db, 'receiveOrderItem', items);
  await insertBatches(db, 'putawayItem', putaway);
  // Explicit ids were inserted: move the serial sequence past them.
  await sql`select setval(pg_get_serial_sequence('receive_order', 'id'), ${RECEIVE_ORDERS})`.execute(db);
}

async function seedReplenishment(db: Database, now: number): Promise<void> {
  const rng = prng(20260307);
  const rows: Record<string, unknown>[] = [];
  for (let task = 1; task <= REPLENISHMENT_TASKS; task++) {
    const created = now - (REPLENISHMENT_TASKS - task) * 5 * 60 * MINUTE - rng.int(0, 60) * MINUTE;
    const warehouseName = rng.pick(warehouses);
    const realName = rng.pick(staff);
    // Older tasks are mostly done; the newest three are not started, so their sheets have blanks to fill.
    const doneShare = task > REPLENISHMENT_TASKS - 3 ? 0 : task > REPLENISHMENT_TASKS - 15 ? 0.4 : 0.85;
    const count = rng.int(1, 8);
    const start = rng.int(0, commodities.length - 1);
    for (let i = 0; i < count; i++) {
      const c = commodities[(start + i * 3) % commodities.length]!;
      const asked = quantity(rng, c, 60);
      const status = rng.next() < doneShare ? 2 : task > REPLENISHMENT_TASKS - 3 ? 0 : rng.pick([0, 1]);
      const real = status === 2 ? Math.max(0, asked - (rng.next() < 0.2 ? Math.min(asked, 1) : 0)) : null;
      rows.push({
        replenishmentCode: code('BH', created, task),
        warehouseName,
        storageShelfNo: shelfNo(rng),
        shelfNo: shelfNo(rng),
        commodityCode: c.code,
        commodityName: c.name,
        commoditySpec: c.spec,
        realName,
        replenishmentQuantity: asked.toFixed(3),
        realReplenishmentQuantity: real === null ? null : real.toFixed(3),
        status,
        createTime: iso(created),
        finishTime: status === 2 ? iso(created + rng.int(10, 120) * MINUTE) : null,
      });
    }
  }
  await insertBatches(db, 'replenishmentRow', rows);
}

/** Receipts (with the putaway goods of the newest) and replenishment rows; each only when empty. */
export async function seedReceiving(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  if (!(await db.selectFrom('receiveOrder').select('id').limit(1).executeTakeFirst())) {
    await seedReceipts(db, now);
  }
  if (!(await db.selectFrom('replenishmentRow').select('id').limit(1).executeTakeFirst())) {
    await seedReplenishment(db, now);
  }
}
