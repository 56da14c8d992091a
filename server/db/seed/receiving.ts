import type { Database } from '../index';
import {
  code,
  commodities,
  prng,
  quantity,
  seedNow,
  shelfNo,
  staff,
  warehouses,
} from './resources-catalogue';

/**
 * Demo replenishment rows (migration 006), dated in the 15 days before the seed anchor (a working
 * queue, not history). Deterministic for an anchor (seeded PRNG), skipped when the table holds rows.
 * Receipts and putaway goods are no longer seeded here: the 收货单 and 上架单 lists read the purchase
 * receipts and putaway tasks of schemas/seed (docs/decisions.md), and migration 006's receive_order,
 * receive_order_item and putaway_item tables stay empty.
 */
export const REPLENISHMENT_TASKS = 70;

const MINUTE = 60_000;
const BATCH = 400;

const iso = (ms: number) => new Date(ms).toISOString();

async function insertBatches(db: Database, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for several tables
    await (db as any)
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
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

/** Replenishment rows, only when the table is empty. */
export async function seedReceiving(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  if (!(await db.selectFrom('replenishmentRow').select('id').limit(1).executeTakeFirst())) {
    await seedReplenishment(db, now);
  }
}
