import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

type Row = Record<string, unknown>;
const RULE = '/gateApi/storageAdmin/replenishmentRule';
const RB = '/gateApi/storageAdmin/replenishment/web';
const LIST = `${RB}/findReplenishmentByPage`;
const PICK_SHELF = 'T-99-01';
const STORAGE = 'C-01-01';

// Issue 16.7: a pick shelf's rule (minimum, target, storage shelf) makes a suggestion when the pick
// shelf's stock is below the minimum (read live from the stock); 生成补货单 creates the order for target −
// stock; 完成补货 moves the real quantity from the storage shelf to the pick shelf in the transition's
// transaction (shelve move, 补货移位 ledger rows). Done (2) is read-only (SPEC 3).
describe('replenishment', () => {
  let t: TestApp;
  let hq: string;
  let clerk: string;
  let reader: string;
  let commodity: { code: string; name: string; storage: number };
  let rule: Row;
  let order: Row;

  /** Stock of the commodity on a shelf of warehouse 21, from the batches. */
  const onShelf = async (shelf: string) => {
    const { rows } = await sql<{ q: string }>`
      select coalesce(sum(quantity), 0) as q from stock
      where warehouse_id = 21 and commodity_code = ${commodity.code} and shelf_code = ${shelf}`.execute(
      t.database.db,
    );
    return Number(rows[0]!.q);
  };

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  const suggestions = async () =>
    (
      await t.json(clerk, 'POST', `${RULE}/web/findByPage`, {
        pageNo: 1,
        pageSize: 500,
        below: true,
        status: [1],
        warehouseId: 21,
      })
    ).body.data.list as Row[];

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    // A commodity the opening stock holds on the storage shelf, with no rule yet on the test pick shelf.
    const { rows } = await sql<{ code: string; name: string; q: string }>`
      select s.commodity_code as code, max(s.commodity_name) as name, sum(s.quantity) as q from stock s
      where s.warehouse_id = 21 and s.shelf_code = ${STORAGE} and s.frozen_by is null
      group by s.commodity_code having sum(s.quantity) >= 20 order by s.commodity_code limit 1`.execute(
      t.database.db,
    );
    commodity = { code: rows[0]!.code, name: rows[0]!.name, storage: Number(rows[0]!.q) };
    clerk = await userWith(t, 'e00072', [
      '/dacang/warehouse/replenishmentRuleList',
      '/dacang/warehouse/replenishmentList',
      'replenishmentRule:edit',
      'replenishment:add',
      'replenishment:finish',
    ]);
    reader = await userWith(t, 'e00073', [
      '/dacang/warehouse/replenishmentRuleList',
      '/dacang/warehouse/replenishmentList',
    ]);
  }, 120_000);
  afterAll(() => t.close());

  it('seeds rules and orders in every status, done ones with their real quantity; stock agrees', async () => {
    const all = (await t.json(hq, 'POST', LIST, { pageNo: 1, pageSize: 500 })).body.data.list as Row[];
    const states = new Set(all.map((r) => r.status));
    expect([...states].sort()).toEqual([0, 1, 2]);
    for (const r of all) {
      expect(r.status === 2 ? typeof r.realReplenishmentQuantity : r.realReplenishmentQuantity).toBe(
        r.status === 2 ? 'number' : null,
      );
      expect(Number(r.replenishmentQuantity)).toBeGreaterThan(0);
    }
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from stock_ledger where move_type = 14`.execute(t.database.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    await ledgerAgrees();
  });

  it('a rule below its minimum is a suggestion; the target must exceed the minimum', async () => {
    const bad = await t.json(clerk, 'POST', `${RULE}/web/add`, {
      warehouseId: 21,
      shelfCode: PICK_SHELF,
      commodityCode: commodity.code,
      storageShelfCode: STORAGE,
      minQuantity: 10,
      targetQuantity: 10,
    });
    expect([bad.status, bad.body.result.msg]).toEqual([400, '补货上限必须大于最低库存']);
    const same = await t.json(clerk, 'POST', `${RULE}/web/add`, {
      warehouseId: 21,
      shelfCode: PICK_SHELF,
      commodityCode: commodity.code,
      storageShelfCode: PICK_SHELF,
      minQuantity: 5,
      targetQuantity: 12,
    });
    expect([same.status, same.body.result.msg]).toEqual([400, '存储货位与拣货货位不能相同']);
    const made = await t.json(clerk, 'POST', `${RULE}/web/add`, {
      warehouseId: 21,
      shelfCode: PICK_SHELF,
      commodityCode: commodity.code,
      storageShelfCode: STORAGE,
      minQuantity: 5,
      targetQuantity: 12,
    });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    rule = made.body.data;
    expect(rule).toMatchObject({
      warehouseName: '杭州中心大仓',
      commodityName: commodity.name,
      onHand: 0,
      storageOnHand: commodity.storage,
      status: 1,
    });
    expect((await suggestions()).map((r) => r.id)).toContain(rule.id);
  });

  it('生成补货单 creates the order for target − stock and holds the rule until it ends', async () => {
    const res = await t.json(clerk, 'POST', `${RULE}/web/generate/${String(rule.id)}`);
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    expect(res.body.data.status).toBe(2);
    const found = (await t.json(clerk, 'POST', LIST, { pageNo: 1, pageSize: 5, ruleId: rule.id })).body.data
      .list as Row[];
    expect(found).toHaveLength(1);
    order = found[0]!;
    expect(order).toMatchObject({
      warehouseId: 21,
      warehouseName: '杭州中心大仓',
      shelfNo: PICK_SHELF,
      storageShelfNo: STORAGE,
      commodityCode: commodity.code,
      commodityName: commodity.name,
      replenishmentQuantity: 12,
      realReplenishmentQuantity: null,
      status: 0,
    });
    expect(String(order.replenishmentCode)).toMatch(/^BH/);
    // No second order while one is open: the rule left the suggestions.
    const again = await t.json(clerk, 'POST', `${RULE}/web/generate/${String(rule.id)}`);
    expect(again.status).toBe(409);
    expect((await suggestions()).map((r) => r.id)).not.toContain(rule.id);
  });

  it('refuses a real quantity beyond the storage shelf, naming the commodity and what is missing', async () => {
    const tooMuch = commodity.storage + 5;
    const res = await t.json(clerk, 'POST', `${RB}/finish/${String(order.id)}`, {
      realReplenishmentQuantity: tooMuch,
    });
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toBe(
      `${commodity.name}（${commodity.code}）可用库存不足：需要 ${tooMuch}，现有 ${commodity.storage}`,
    );
    expect(await onShelf(PICK_SHELF)).toBe(0);
    expect(await onShelf(STORAGE)).toBe(commodity.storage);
    const still = await t.json(clerk, 'GET', `${RB}/detail/${String(order.id)}`);
    expect(still.body.data).toMatchObject({ status: 0, realReplenishmentQuantity: null });
  });

  it('完成补货 moves the real quantity from the storage shelf to the pick shelf with ledger rows', async () => {
    const started = await t.json(clerk, 'POST', `${RB}/start/${String(order.id)}`);
    expect(started.status, JSON.stringify(started.body.result)).toBe(200);
    expect(started.body.data.status).toBe(1);
    const done = await t.json(clerk, 'POST', `${RB}/finish/${String(order.id)}`, {
      realReplenishmentQuantity: 10,
    });
    expect(done.status, JSON.stringify(done.body.result)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 2, realReplenishmentQuantity: 10 });
    expect(done.body.data.finishTime).toBeTruthy();
    expect(await onShelf(PICK_SHELF)).toBe(10);
    expect(await onShelf(STORAGE)).toBeCloseTo(commodity.storage - 10, 3);
    const { rows: ledger } = await sql<{ quantity: string; shelfCode: string; moveType: number }>`
      select quantity, shelf_code, move_type from stock_ledger
      where doc_code = ${String(order.replenishmentCode)}`.execute(t.database.db);
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(ledger.every((l) => l.moveType === 14)).toBe(true);
    const by = (shelf: string) =>
      ledger.filter((l) => l.shelfCode === shelf).reduce((a, l) => a + Number(l.quantity), 0);
    expect([by(STORAGE), by(PICK_SHELF)]).toEqual([-10, 10]);
    await ledgerAgrees();
    // The rule is free again and, at 10 of minimum 5, no suggestion.
    const back = await t.json(clerk, 'GET', `${RULE}/web/detail/${String(rule.id)}`);
    expect(back.body.data).toMatchObject({ status: 1, onHand: 10 });
    expect((await suggestions()).map((r) => r.id)).not.toContain(rule.id);
  });

  it('a done order is read-only: no second completion, no cancel, no edit', async () => {
    const id = String(order.id);
    for (const [url, body] of [
      [`${RB}/finish/${id}`, { realReplenishmentQuantity: 1 }],
      [`${RB}/cancel/${id}`, {}],
      [`${RB}/update`, { id: order.id, storageShelfNo: 'B-01-01' }],
    ] as const) {
      const res = await t.json(clerk, 'POST', url, body);
      expect(res.status, url).toBe(409);
    }
    expect(await onShelf(PICK_SHELF)).toBe(10);
  });

  it('a cancelled order frees its rule and moves nothing', async () => {
    const res = await t.json(clerk, 'POST', `${RULE}/web/generate/${String(rule.id)}`);
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    const open = (
      (await t.json(clerk, 'POST', LIST, { pageNo: 1, pageSize: 5, ruleId: rule.id, status: [0] })).body.data
        .list as Row[]
    )[0]!;
    expect(open.replenishmentQuantity).toBe(2);
    const cancelled = await t.json(clerk, 'POST', `${RB}/cancel/${String(open.id)}`);
    expect([cancelled.status, cancelled.body.data.status]).toEqual([200, 3]);
    expect((await t.json(clerk, 'GET', `${RULE}/web/detail/${String(rule.id)}`)).body.data.status).toBe(1);
    expect(await onShelf(PICK_SHELF)).toBe(10);
  });

  it('permissions: reading is not writing; a store manager is refused', async () => {
    const generate = await t.json(reader, 'POST', `${RULE}/web/generate/${String(rule.id)}`);
    expect([generate.status, generate.body.result.code]).toEqual([401, 'E0401']);
    const finish = await t.json(reader, 'POST', `${RB}/finish/${String(order.id)}`, {
      realReplenishmentQuantity: 1,
    });
    expect(finish.status).toBe(401);
    expect((await t.json(reader, 'POST', LIST, { pageNo: 1, pageSize: 1 })).status).toBe(200);
    const md = await t.login('md001');
    expect((await t.json(md, 'POST', LIST, { pageNo: 1, pageSize: 1 })).status).toBe(401);
    expect((await t.json(md, 'POST', `${RULE}/web/findByPage`, { pageNo: 1, pageSize: 1 })).status).toBe(401);
  });
});
