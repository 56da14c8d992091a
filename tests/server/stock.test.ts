import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

const OPENING = '/api/v1/storage/stockOpening';
const LOSS = '/api/v1/storage/lossReport';
const STOCK = '/api/v1/storage/stock/findByPage';
const LEDGER = '/api/v1/storage/stockLedger/findByPage';

type Row = Record<string, unknown>;

// Issue 16.1/16.2 (and the receiving side of 15): stock moves only through document transitions, in
// their transaction, one ledger row per move; the stock always equals the sum of its ledger; stock
// never goes below zero; a document moves stock once.
describe('stock and its ledger', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  it('starts the demo warehouses from confirmed opening documents, ledger and stock agreeing', async () => {
    const stock = await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 20, warehouseId: 21 });
    expect(stock.status).toBe(200);
    expect(stock.body.data.total).toBeGreaterThan(50);
    const docs = (await t.json(hq, 'POST', `${OPENING}/findByPage`, { pageNo: 1, pageSize: 50 })).body.data
      .list as Row[];
    expect(docs.filter((d) => d.status === 10).length).toBe(7);
    expect(docs.filter((d) => d.status === 0).length).toBe(1);
    await ledgerAgrees();
  });

  it('confirms an opening document once: stock in per line, one ledger row each', async () => {
    const made = await t.json(hq, 'POST', `${OPENING}/add`, {
      warehouseId: 22,
      itemList: [
        {
          commodityCode: '100001',
          shelfCode: 'T-01',
          batchNo: 'TEST-B1',
          productionDate: '2026-11-18',
          expiryDate: '2026-12-20',
          quantity: 40.5,
        },
        { commodityCode: '100002', shelfCode: 'T-01', batchNo: 'TEST-B2', quantity: 12 },
      ],
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    const [first, second] = await Promise.all([
      t.json(hq, 'POST', `${OPENING}/confirm/${id}`),
      t.json(hq, 'POST', `${OPENING}/confirm/${id}`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const rows = (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 20, keyword: 'TEST-B' })).body.data
      .list as Row[];
    expect(rows.map((r) => [r.batchNo, r.quantity, r.shelfCode, r.warehouseId])).toEqual(
      expect.arrayContaining([
        ['TEST-B1', 40.5, 'T-01', 22],
        ['TEST-B2', 12, 'T-01', 22],
      ]),
    );
    const ledger = (
      await t.json(hq, 'POST', LEDGER, { pageNo: 1, pageSize: 20, keyword: made.body.data.code })
    ).body.data.list as Row[];
    expect(ledger).toHaveLength(2);
    expect(ledger.every((l) => l.moveType === 12 && l.docType === '期初入库单')).toBe(true);
    await ledgerAgrees();
  });

  it('writes off a batch only after approval, never below zero, only from the chosen warehouse', async () => {
    const clerk = await userWith(t, 'e00061', ['/dacang/stock/lossReportList', 'lossReport:add']);
    const batch = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 5, keyword: 'TEST-B1' })).body.data
        .list as Row[]
    )[0]!;
    const other = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 1, warehouseId: 21 })).body.data.list as Row[]
    )[0]!;
    const wrong = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 1,
      itemList: [{ stockId: other.id, quantity: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选库存批次不存在或已停用');

    const report = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 1,
      itemList: [{ stockId: batch.id, quantity: 5.25 }],
    });
    expect(report.status).toBe(200);
    expect(report.body.data.itemList[0]).toMatchObject({ batchNo: 'TEST-B1', commodityCode: '100001' });
    const id = report.body.data.id as number;
    expect((await t.json(clerk, 'POST', `${LOSS}/submit/${id}`)).body.data.status).toBe(10);
    // Nothing moves while it waits.
    const still = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 5, keyword: 'TEST-B1' })).body.data
        .list as Row[]
    )[0]!;
    expect(still.quantity).toBe(40.5);

    const task = (
      (await t.json(hq, 'POST', '/api/v1/approval/task/findTodoByPage', { keyword: report.body.data.code }))
        .body.data.list as Row[]
    )[0]!;
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, {})).status).toBe(
      200,
    );
    const after = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 5, keyword: 'TEST-B1' })).body.data
        .list as Row[]
    )[0]!;
    expect(after.quantity).toBe(35.25);

    // More than there is: the approval is refused with the commodity's name, nothing changes.
    const tooMuch = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 2,
      itemList: [{ stockId: batch.id, quantity: 100 }],
    });
    await t.json(clerk, 'POST', `${LOSS}/submit/${String(tooMuch.body.data.id)}`);
    const task2 = (
      (await t.json(hq, 'POST', '/api/v1/approval/task/findTodoByPage', { keyword: tooMuch.body.data.code }))
        .body.data.list as Row[]
    )[0]!;
    const refused = await t.json(hq, 'POST', `/api/v1/approval/task/approve/${String(task2.id)}`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('可用库存不足');
    expect(refused.body.result.msg).toContain('100001');
    expect((await t.json(hq, 'GET', `${LOSS}/detail/${String(tooMuch.body.data.id)}`)).body.data.status).toBe(
      10,
    );
    const unchanged = (
      (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 5, keyword: 'TEST-B1' })).body.data
        .list as Row[]
    )[0]!;
    expect(unchanged.quantity).toBe(35.25);
    await ledgerAgrees();
  });

  it('has no endpoint that writes stock or ledger rows directly', async () => {
    for (const path of [
      '/api/v1/storage/stock/add',
      '/api/v1/storage/stock/update',
      '/api/v1/storage/stockLedger/add',
    ])
      expect((await t.json(hq, 'POST', path, {})).status).toBe(404);
  });
});
