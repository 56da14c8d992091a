import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminderPass } from '../../server/services/reminders';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { seedDay } from '../../src/schema/seed/generate';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';

type Row = Record<string, unknown>;
const SS = '/api/v1/storage/safetyStock';

// Issue 16.1: a safety minimum per warehouse and commodity (安全库存, JSON only: resource, page, seed,
// home counter). Stock on hand is read live as the sum of the warehouse's batches of the commodity
// (x-computed sumOf); the list filters the rows below their minimum (belowField) and the /dacang home
// page counts them within the caller's warehouses.
describe('safety stock', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh] = [await t.login('hq001'), await t.login('wh001')];
  }, 60_000);
  afterAll(() => t.close());

  const list = async (token: string, body: Row = {}) => {
    const res = await t.json(token, 'POST', `${SS}/findByPage`, { pageNo: 1, pageSize: 500, ...body });
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    return res.body.data as { list: Row[]; total: number };
  };
  /** Stock on hand straight from the batches. */
  const onHand = async (warehouseId: number, code: string) => {
    const { rows } = await sql<{ q: string }>`
      select coalesce(sum(quantity), 0) as q from stock
      where warehouse_id = ${warehouseId} and commodity_code = ${code}`.execute(t.database.db);
    return Number(rows[0]!.q);
  };

  it('shows each seeded minimum with the stock on hand of its warehouse and commodity', async () => {
    const all = await list(hq);
    expect(all.total).toBeGreaterThanOrEqual(10);
    for (const r of all.list)
      expect(Number(r.onHand), `${String(r.warehouseId)} ${String(r.commodityCode)}`).toBeCloseTo(
        await onHand(Number(r.warehouseId), String(r.commodityCode)),
        3,
      );
    expect(all.list.every((r) => typeof r.commodityName === 'string' && r.warehouseName)).toBe(true);
  });

  it('filters the commodities below their minimum, and the others', async () => {
    const all = (await list(hq)).list;
    const below = await list(hq, { below: true });
    const rest = await list(hq, { below: false });
    const isBelow = (r: Row) => Number(r.onHand) < Number(r.minQuantity);
    expect(below.total).toBeGreaterThan(0);
    expect(rest.total).toBeGreaterThan(0);
    expect(below.list.every(isBelow)).toBe(true);
    expect(rest.list.some(isBelow)).toBe(false);
    expect(below.total + rest.total).toBe(all.length);
    // Sorted by the live figure like a column.
    const sorted = (await list(hq, { sort: [{ field: 'onHand', order: 'ascend' }] })).list.map((r) =>
      Number(r.onHand),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  });

  it('follows the stock: a batch taken down to nothing brings its commodity below the minimum', async () => {
    const ok = (await list(hq, { below: false })).list.find((r) => r.warehouseId === 21)!;
    await sql`update stock set quantity = 0, available_quantity = 0, locked_quantity = 0
      where warehouse_id = 21 and commodity_code = ${String(ok.commodityCode)}`.execute(t.database.db);
    const now = (await list(hq, { below: true })).list.find((r) => r.id === ok.id);
    expect(now).toBeDefined();
    expect(Number(now!.onHand)).toBe(0);
  });

  it('counts the rows below the minimum on wh001’s home page, within his warehouse only', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/home/summary?home=dacang', token: wh });
    const items = (
      res.json().data.sections as { items: { key: string; count: number; link: string }[] }[]
    ).flatMap((s) => s.items);
    const counter = items.find((i) => i.key === 'belowSafetyStock')!;
    expect(counter).toBeDefined();
    const mine = (await list(hq, { below: true })).list.filter((r) => r.warehouseId === 21).length;
    const others = (await list(hq, { below: true })).list.filter((r) => r.warehouseId !== 21).length;
    expect(others).toBeGreaterThan(0);
    expect(counter.count).toBe(mine);
    expect(counter.link).toBe('/dacang/stock/safetyStockList?below=true');
    expect((await list(wh)).list.every((r) => r.warehouseId === 21)).toBe(true);
  });

  it('lists them in one message a day for each warehouse’s people (a digest), not one per commodity', async () => {
    const catalog = loadCatalog(defaultSchemasDir());
    const messages = (account: string) =>
      t.database.db
        .selectFrom('imMessageReceiver as r')
        .innerJoin('imMessage as m', 'm.id', 'r.messageId')
        .innerJoin('appUser as u', 'u.id', 'r.userId')
        .select(['m.title', 'm.content'])
        .where('u.account', '=', account)
        .where('m.title', 'like', '低于安全库存：%')
        .execute();
    const below21 = (await list(hq, { below: true })).list.filter((r) => r.warehouseId === 21);
    expect(below21.length).toBeGreaterThan(1);
    const first = await runReminderPass(t.database.db, catalog, { today: TEST_SEED_ANCHOR });
    expect(first.sentBy['safetyStock.belowMinimum']).toBeGreaterThanOrEqual(1);
    const got = await messages('wh001');
    expect(got).toHaveLength(1);
    expect(got[0]!.title).toBe(`低于安全库存：杭州中心大仓共${below21.length}种商品`);
    for (const r of below21)
      expect(got[0]!.content).toContain(`${String(r.commodityName)}（${String(r.commodityCode)}）`);
    expect(got[0]!.content).toContain('href="/dacang/stock/safetyStockList"');
    expect(await messages('md001')).toEqual([]);
    // Once a day: the same day sends nothing more, the next day lists them again.
    const again = await runReminderPass(t.database.db, catalog, { today: TEST_SEED_ANCHOR });
    expect(again.sentBy['safetyStock.belowMinimum'] ?? 0).toBe(0);
    const next = await runReminderPass(t.database.db, catalog, { today: seedDay('+1d', TEST_SEED_ANCHOR) });
    expect(next.sentBy['safetyStock.belowMinimum']).toBeGreaterThanOrEqual(1);
    expect(await messages('wh001')).toHaveLength(2);
  });

  it('one minimum per warehouse and commodity; a clerk sets them for his own warehouse only', async () => {
    const taken = (await list(hq)).list.find((r) => r.warehouseId === 21)!;
    const again = await t.json(hq, 'POST', `${SS}/add`, {
      warehouseId: 21,
      commodityCode: taken.commodityCode,
      minQuantity: 10,
    });
    expect(again.body.result.msg).toBe('该仓库已设置此商品的安全库存');
    expect(again.status).not.toBe(200);
    const zero = await t.json(hq, 'POST', `${SS}/add`, {
      warehouseId: 21,
      commodityCode: '100003',
      minQuantity: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.result.msg).toBe('安全库存必须大于0');
    const other = await t.json(wh, 'POST', `${SS}/add`, {
      warehouseId: 22,
      commodityCode: '100003',
      minQuantity: 5,
    });
    expect(other.status).toBe(400);
    expect(other.body.result.msg).toBe('所选仓库不在您的管辖范围内');
    const own = await t.json(wh, 'POST', `${SS}/add`, {
      warehouseId: 21,
      commodityCode: '100003',
      minQuantity: 5,
    });
    expect(own.status, JSON.stringify(own.body.result)).toBe(200);
    expect(own.body.data).toMatchObject({ warehouseName: '杭州中心大仓', updateName: '王仓管' });
    expect(Number(own.body.data.onHand)).toBeCloseTo(await onHand(21, '100003'), 3);
  });
});
