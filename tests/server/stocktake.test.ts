import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulePass } from '../../server/services/schedules';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

const PD = '/api/v1/storage/stocktake';
const OPENING = '/api/v1/storage/stockOpening';
const STOCK = '/api/v1/storage/stock/findByPage';
const LEDGER = '/api/v1/storage/stockLedger/findByPage';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

// Issue 16.5: stocktaking on the engine — a plan draws its count sheet from the stock in scope, may
// freeze it, is counted, reviewed through stocktakeReview, posts its differences to stock and ledger,
// may be sent back for a recount of chosen lines, and is cancelled by the system past its deadline.
describe('stocktaking', () => {
  let t: TestApp;
  let hq: string;
  let counter: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    counter = await userWith(t, 'e00071', ['/dacang/stock/stocktakeList', 'stocktake:add']);
    // Three batches of warehouse 22 on two shelves of their own, so the plans below count exactly them.
    const made = await t.json(hq, 'POST', `${OPENING}/add`, {
      warehouseId: 22,
      itemList: [
        {
          commodityCode: '100001',
          shelfCode: 'PD-01',
          batchNo: 'PD-B1',
          expiryDate: '2027-01-20',
          quantity: 50,
        },
        { commodityCode: '100002', shelfCode: 'PD-01', batchNo: 'PD-B2', quantity: 20 },
        { commodityCode: '100003', shelfCode: 'PD-02', batchNo: 'PD-B3', quantity: 8 },
      ],
    });
    expect(made.status).toBe(200);
    expect((await t.json(hq, 'POST', `${OPENING}/confirm/${String(made.body.data.id)}`)).status).toBe(200);
  });
  afterAll(() => t.close());

  async function batch(batchNo: string): Promise<Row> {
    const list = (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 5, keyword: batchNo })).body.data
      .list as Row[];
    return list.find((r) => r.batchNo === batchNo)!;
  }

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  async function plan(body: Row): Promise<Row> {
    const made = await t.json(counter, 'POST', `${PD}/add`, {
      warehouseId: 22,
      scopeType: 2,
      shelfCode: 'PD-01',
      freezeStock: true,
      deadline: hoursFromNow(24),
      ...body,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.status).toBe(0);
    return made.body.data as Row;
  }

  /** Types the counted quantities by batch number, keeping every other line as it is. */
  async function count(id: unknown, counted: Record<string, number | null>, recount: string[] = []) {
    const doc = (await t.json(hq, 'GET', `${PD}/detail/${String(id)}`)).body.data as Row;
    const lines = (doc.itemList as Row[]).map((l) => ({
      stockId: l.stockId,
      countedQuantity: String(l.batchNo) in counted ? counted[String(l.batchNo)] : l.countedQuantity,
      recount: recount.includes(String(l.batchNo)),
    }));
    return t.json(counter, 'POST', `${PD}/update`, { id, itemList: lines });
  }

  async function decide(code: unknown, how: 'approve' | 'reject') {
    const task = (
      (await t.json(hq, 'POST', `${TASK}/findTodoByPage`, { keyword: code })).body.data.list as Row[]
    )[0]!;
    const res = await t.json(hq, 'POST', `${TASK}/${how}/${String(task.id)}`, { comment: '盘点复核' });
    expect(res.status).toBe(200);
  }

  it('seeds stocktakes in every status, their sheets drawn from the seeded stock', async () => {
    const list = (await t.json(hq, 'POST', `${PD}/findByPage`, { pageNo: 1, pageSize: 50 })).body.data
      .list as Row[];
    // The seeded submissions are wh001's: the one left waiting has headquarters' review open.
    expect(new Set(list.map((d) => d.status))).toEqual(new Set([0, 1, 3, 4, 10, 20, 22, 24]));
    const waiting = list.find((d) => d.status === 20)!;
    const tasks = (
      await t.json(hq, 'POST', '/api/v1/approval/task/findTodoByPage', { pageNo: 1, pageSize: 100 })
    ).body.data.list as Row[];
    expect(tasks.some((k) => k.resource === 'stocktake' && String(k.documentId) === String(waiting.id))).toBe(
      true,
    );
    expect(list.filter((d) => d.status !== 0).every((d) => Number(d.lineCount) > 0)).toBe(true);
    expect(list.filter((d) => d.status === 0).every((d) => Number(d.lineCount) === 0)).toBe(true);
  });

  it('counts a shelf with frozen stock and posts the approved differences to stock and ledger', async () => {
    const doc = await plan({});
    const started = await t.json(counter, 'POST', `${PD}/start/${String(doc.id)}`);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe(1);
    const lines = (await t.json(hq, 'GET', `${PD}/detail/${String(doc.id)}`)).body.data.itemList as Row[];
    // The shelf's batches only, with the book quantity as the stock stood.
    expect(lines.map((l) => [l.batchNo, l.bookQuantity, l.countedQuantity])).toEqual([
      ['PD-B1', 50, null],
      ['PD-B2', 20, null],
    ]);
    expect((await batch('PD-B1')).frozenBy).toBe(doc.code);
    expect((await batch('PD-B3')).frozenBy).toBeNull();

    // Frozen: another document cannot move the batch, and says why.
    const other = await t.json(hq, 'POST', `${OPENING}/add`, {
      warehouseId: 22,
      itemList: [{ commodityCode: '100001', shelfCode: 'PD-01', batchNo: 'PD-B1', quantity: 5 }],
    });
    const refused = await t.json(hq, 'POST', `${OPENING}/confirm/${String(other.body.data.id)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain(`已被盘点单${String(doc.code)}冻结`);
    expect((await batch('PD-B1')).quantity).toBe(50);

    const counted = await count(doc.id, { 'PD-B1': 47.5, 'PD-B2': 23 });
    expect(counted.status).toBe(200);
    const price = async (code: string) =>
      Number(
        (
          await sql<{ p: string }>`select purchase_price as p from commodity where code = ${code}`.execute(
            t.database.db,
          )
        ).rows[0]!.p,
      );
    const [p1, p2] = [await price('100001'), await price('100002')];
    const report = counted.body.data.itemList as Row[];
    expect(report.map((l) => [l.differenceQuantity, l.differenceAmount])).toEqual([
      [-2.5, Math.round(-2.5 * p1 * 100) / 100],
      [3, Math.round(3 * p2 * 100) / 100],
    ]);
    expect(counted.body.data.differenceAmount).toBeCloseTo(-2.5 * p1 + 3 * p2, 2);

    const submitted = await t.json(counter, 'POST', `${PD}/submit/${String(doc.id)}`);
    expect(submitted.body.data.status).toBe(20);
    // Nothing moves while the review waits.
    expect((await batch('PD-B1')).quantity).toBe(50);
    await decide(doc.code, 'approve');

    const done = (await t.json(hq, 'GET', `${PD}/detail/${String(doc.id)}`)).body.data as Row;
    expect(done.status).toBe(22);
    const [b1, b2] = [await batch('PD-B1'), await batch('PD-B2')];
    expect([b1.quantity, b1.frozenBy, b2.quantity, b2.frozenBy]).toEqual([47.5, null, 23, null]);
    const ledger = (await t.json(hq, 'POST', LEDGER, { pageNo: 1, pageSize: 20, keyword: doc.code })).body
      .data.list as Row[];
    expect(ledger.map((l) => [l.batchNo, l.moveType, l.quantity]).sort()).toEqual([
      ['PD-B1', 9, -2.5],
      ['PD-B2', 8, 3],
    ]);
    await ledgerAgrees();
    // Released: the other document now goes through.
    expect((await t.json(hq, 'POST', `${OPENING}/confirm/${String(other.body.data.id)}`)).status).toBe(200);
    await ledgerAgrees();
  });

  it('sends a rejected count back for a recount of the ticked lines only', async () => {
    const doc = await plan({ freezeStock: false });
    await t.json(counter, 'POST', `${PD}/start/${String(doc.id)}`);
    expect((await batch('PD-B1')).frozenBy).toBeNull();
    await count(doc.id, { 'PD-B1': 40, 'PD-B2': 23 });
    await t.json(counter, 'POST', `${PD}/submit/${String(doc.id)}`);
    await decide(doc.code, 'reject');
    expect((await t.json(hq, 'GET', `${PD}/detail/${String(doc.id)}`)).body.data.status).toBe(24);

    // Only a reviewer sends it back; the counter lacks stocktake:review.
    expect((await t.json(counter, 'POST', `${PD}/recount/${String(doc.id)}`)).status).toBe(401);
    expect((await count(doc.id, {}, ['PD-B1'])).status).toBe(200);
    const back = await t.json(hq, 'POST', `${PD}/recount/${String(doc.id)}`);
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe(10);
    const lines = (await t.json(hq, 'GET', `${PD}/detail/${String(doc.id)}`)).body.data.itemList as Row[];
    expect(lines.map((l) => [l.batchNo, l.countedQuantity, l.differenceQuantity])).toEqual([
      ['PD-B1', null, null],
      ['PD-B2', 23, 0],
    ]);
    expect((await count(doc.id, { 'PD-B1': 47.5 })).status).toBe(200);
    expect((await t.json(counter, 'POST', `${PD}/submit/${String(doc.id)}`)).body.data.status).toBe(20);
    // Nothing was posted by the rejected round.
    expect((await batch('PD-B1')).quantity).toBe(52.5);
  });

  it('cancels plans past their deadline by the system, once, and releases their stock', async () => {
    const engine = t.engine();
    const late = await plan({ scopeType: 1, shelfCode: null, deadline: hoursFromNow(1) });
    const kept = await plan({ shelfCode: 'PD-02', deadline: hoursFromNow(48) });
    expect((await t.json(counter, 'POST', `${PD}/start/${String(late.id)}`)).status).toBe(200);
    // The whole warehouse: every batch with stock, PD-02 included, frozen by the late plan.
    expect((await batch('PD-B3')).frozenBy).toBe(late.code);

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    // Seeded plans whose deadline has passed by then are due too.
    const open = (
      await t.json(hq, 'POST', `${PD}/findByPage`, { pageNo: 1, pageSize: 100, status: [0, 1, 10] })
    ).body.data.list as Row[];
    const due = open.filter((d) => Date.parse(String(d.deadline)) < inTwoHours.getTime()).length;
    expect(due).toBeGreaterThanOrEqual(1);
    const passes = await Promise.all([
      runSchedulePass(engine, inTwoHours),
      runSchedulePass(engine, inTwoHours),
    ]);
    // Each due plan expired once, though two passes ran at the same moment (other resources may be due too).
    expect((passes[0].byResource.stocktake ?? 0) + (passes[1].byResource.stocktake ?? 0)).toBe(due);
    const after = (await t.json(hq, 'GET', `${PD}/detail/${String(late.id)}`)).body.data as Row;
    expect(after.status).toBe(4);
    expect((await t.json(hq, 'GET', `${PD}/detail/${String(kept.id)}`)).body.data.status).toBe(0);
    expect((await batch('PD-B3')).frozenBy).toBeNull();
    // A user cannot run the system's transition.
    expect((await t.json(counter, 'POST', `${PD}/expire/${String(kept.id)}`)).status).toBe(409);
    // Nothing in scope: starting is refused in Chinese.
    const empty = await plan({ shelfCode: 'NO-SUCH' });
    const refused = await t.json(counter, 'POST', `${PD}/start/${String(empty.id)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toBe('盘点范围内没有库存，无法开始盘点');
  });
});
