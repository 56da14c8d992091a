import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminderPass } from '../../server/services/reminders';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { seedDay } from '../../src/schema/seed/generate';
import type { Catalog } from '../../src/schema/types';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';

const TODAY = TEST_SEED_ANCHOR;
const inDays = (n: number) => seedDay(`+${n}d`, TODAY);

// Issue 16.1: near-expiry batches reach the message centre (stock.json's reminder nearExpiry): a batch
// still holding stock that expires within 3 days gets one 到期提醒 message, for the people of its own
// warehouse who may see the stock (/dacang/stock/stockList), once per batch and expiry date. An
// emptied batch is not reminded; a store manager never hears of a warehouse's batches.
describe('near-expiry stock in the message centre', () => {
  let t: TestApp;
  let catalog: Catalog;
  const ids: Record<string, number> = {};

  const messagesOf = (account: string) =>
    t.database.db
      .selectFrom('imMessageReceiver as r')
      .innerJoin('imMessage as m', 'm.id', 'r.messageId')
      .innerJoin('appUser as u', 'u.id', 'r.userId')
      .select(['m.title', 'm.content'])
      .where('u.account', '=', account)
      .where('m.msgType', '=', 5)
      .where('m.title', 'like', '临期提醒：%')
      .orderBy('m.id')
      .execute();

  /** Batches of warehouse 21 (wh001's) the reminder is due for: holding stock, expiring in the window. */
  const dueBatches = async () =>
    (
      await sql<{ id: number; batchNo: string; commodityName: string; expiry: string }>`
        select id, batch_no as "batchNo", commodity_name as "commodityName",
               to_char(expiry_date, 'YYYY-MM-DD') as expiry
        from stock where warehouse_id = 21 and quantity > 0
          and expiry_date between ${TODAY}::date and ${inDays(3)}::date
        order by id`.execute(t.database.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    catalog = loadCatalog(defaultSchemasDir());
    // Two batches of warehouse 21 made due: one holding stock, one emptied (an emptied batch stays).
    const { rows } = await sql<{ id: number }>`
      select id from stock where warehouse_id = 21 and quantity > 0 and expiry_date > ${inDays(5)}::date
      order by id limit 2`.execute(t.database.db);
    [ids.held, ids.empty] = [rows[0]!.id, rows[1]!.id];
    await sql`update stock set expiry_date = ${inDays(1)}::date where id = ${ids.held}`.execute(
      t.database.db,
    );
    await sql`update stock set expiry_date = ${inDays(2)}::date, quantity = 0, available_quantity = 0,
      locked_quantity = 0 where id = ${ids.empty}`.execute(t.database.db);
  }, 60_000);
  afterAll(() => t.close());

  it('reminds wh001 of each batch of his warehouse holding stock that expires within 3 days', async () => {
    const due = await dueBatches();
    expect(due.map((b) => b.id)).toContain(ids.held);
    expect(due.map((b) => b.id)).not.toContain(ids.empty);
    const { sentBy } = await runReminderPass(t.database.db, catalog, { today: TODAY });
    expect(sentBy['stock.nearExpiry']).toBeGreaterThanOrEqual(due.length);
    const got = await messagesOf('wh001');
    expect(got).toHaveLength(due.length);
    for (const b of due) {
      const m = got.find((x) => x.content.includes(`批次${b.batchNo}`));
      expect(m, b.batchNo).toBeDefined();
      expect(m!.title).toBe(`临期提醒：${b.commodityName}`);
      expect(m!.content).toContain('杭州中心大仓');
      expect(m!.content).toContain(`将于${b.expiry}到期`);
      expect(m!.content).toContain('href="/dacang/stock/stockList"');
    }
    const held = got.find((x) => x.content.includes('还剩1天'));
    expect(held).toBeDefined();
  });

  it('tells a store manager nothing, and a second pass sends nothing again', async () => {
    expect(await messagesOf('md001')).toEqual([]);
    const again = await runReminderPass(t.database.db, catalog, { today: TODAY });
    expect(again.sentBy['stock.nearExpiry'] ?? 0).toBe(0);
    expect(await messagesOf('wh001')).toHaveLength((await dueBatches()).length);
  });
});
