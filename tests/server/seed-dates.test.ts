import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingSince } from '../../src/apps/shared/home/items';
import { openDatabase } from '../../server/db/index';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo, seedReference } from '../../server/db/seed/index';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';

const DAY = 86_400_000;
/** Start and end of the anchor day in China time. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
/** yyyyMMdd of an instant in China time (document codes). */
const chinaDay = (t: Date) =>
  new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The documents the TypeScript seeds write, with their code column where the code embeds the day.
 * (Transfers, receipts, department requisitions and cloud-supermarket orders are seed files now, dated by the same anchor: server/db/seed/declared.ts.
 * Pick orders of seeded store orders are created by their approval when the seed runs, and the
 * stock-outs of seeded returns to supplier by their 退货出库 and of the seeded picks by 完成拣货 (those
 * carry their store): only the TypeScript ones are compared.)
 */
const DOCUMENTS = [
  { table: 'pick_order', code: 'pick_order_code', only: 'store_order_code is null' },
  {
    table: 'stock_out_order',
    code: 'order_code',
    only: 'store_id is null and not exists (select 1 from supplier_return r where r.code = stock_out_order.refer_code)',
  },
] as { table: string; code: string; only?: string }[];

// Issue 22.3: the demo documents written in TypeScript are dated relative to the seed anchor, like the
// seed files: within the 90 days before it (DOMAIN.md 4), the same rows for the same anchor.
describe('demo documents are dated relative to the seed anchor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lie within the 90 days before the anchor, their codes carrying their China day', async () => {
    const from = dayStart(TEST_SEED_ANCHOR) - 90 * DAY;
    const to = dayStart(TEST_SEED_ANCHOR) + DAY;
    for (const { table, code, only } of DOCUMENTS) {
      const { rows } = await sql<{ created: Date; code: string }>`
        select create_time as created, ${sql.ref(code)} as code from ${sql.table(table)}
        where ${sql.raw(only ?? 'true')}`.execute(t.database.db);
      expect(rows.length, table).toBeGreaterThan(0);
      for (const r of rows) {
        const at = new Date(r.created).getTime();
        expect(at, `${table} ${r.code}`).toBeGreaterThanOrEqual(from);
        expect(at, `${table} ${r.code}`).toBeLessThan(to);
        expect(r.code.slice(-14, -6), `${table} ${r.code}`).toBe(chinaDay(new Date(r.created)));
      }
    }
    // The newest TypeScript pick order (the big one) is stamped on the anchor day.
    const newest = await t.database.db
      .selectFrom('pickOrder')
      .select('pickOrderCode')
      .where(sql.ref('storeOrderCode'), 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest.pickOrderCode).toBe(`JH${TEST_SEED_ANCHOR.replace(/-/g, '')}000600`);
  });

  it('the home page says at most 90 days for the oldest waiting document, at the anchor', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/home/summary', token: await t.login('hq001') });
    type Item = { key: string; count: number; oldest: string | null };
    const sections = res.json().data.sections as { kind: string; items: Item[] }[];
    const todo = sections.filter((s) => s.kind === 'todo').flatMap((s) => s.items);
    expect(todo.filter((i) => i.count > 0).length).toBeGreaterThanOrEqual(7);
    const atAnchor = Date.parse(`${TEST_SEED_ANCHOR}T18:00:00+08:00`);
    for (const item of todo.filter((i) => i.count > 0)) {
      expect(item.oldest, item.key).not.toBeNull();
      const text = waitingSince(item.oldest, atAnchor);
      const days = Number(/最早 (\d+) 天前创建/.exec(text)?.[1] ?? 0);
      expect(days, `${item.key}: ${text}`).toBeLessThanOrEqual(90);
    }
  });

  it('the same rows for another anchor, moved by the days between', { timeout: 180_000 }, async () => {
    const other = '2027-05-01';
    const shift = dayStart(other) - dayStart(TEST_SEED_ANCHOR);
    const opened = await openDatabase({});
    try {
      await migrateToLatest(opened.db);
      await seedReference(opened.db);
      await seedDemo(opened.db, { production: false, extraEmployees: 0, anchor: other });
      for (const { table, code, only } of DOCUMENTS) {
        // The other database has the TypeScript seeds only (no seed files, so no store orders).
        const read = async (db: typeof opened.db, where: string) =>
          (
            await sql<{ id: number; created: Date; code: string }>`
              select id, create_time as created, ${sql.ref(code)} as code from ${sql.table(table)}
              where ${sql.raw(where)} order by id`.execute(db)
          ).rows;
        const [pinned, moved] = [await read(t.database.db, only ?? 'true'), await read(opened.db, 'true')];
        expect(moved.length, table).toBe(pinned.length);
        moved.forEach((m, i) => {
          const p = pinned[i]!;
          expect(new Date(m.created).getTime() - new Date(p.created).getTime(), `${table} ${p.code}`).toBe(
            shift,
          );
          // The code's day moves with the document; the rest of the code stays.
          expect(m.code.slice(0, -14) + m.code.slice(-6)).toBe(p.code.slice(0, -14) + p.code.slice(-6));
          expect(m.code.slice(-14, -6)).toBe(chinaDay(new Date(m.created)));
        });
      }
    } finally {
      await opened.close();
    }
  });
});
