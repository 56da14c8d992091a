import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDay } from '../../src/schema/seed/generate';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { cents } from './resource-helpers';

const MJ = '/api/v1/finance/storeSettlement';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

// Issue 18.2: the settlement of a store run by an operator (外包, 档口分包) — its figures are the sums of
// the deliveries the store received (by their delivery date) and the orders it delivered in the period, under its contract's
// commission rate and management fee; approved through storeSettlementApproval, then frozen.
describe('store settlements', () => {
  let t: TestApp;
  let hq: string;
  let finance: string;
  const from = seedDay('-90d', TEST_SEED_ANCHOR);
  // Up to tomorrow: the demo's deliveries are of the current supply cycle (delivery date today or tomorrow).
  const to = seedDay('+1d', TEST_SEED_ANCHOR);

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    finance = await t.login('tip001');
  });
  afterAll(() => t.close());

  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${MJ}/detail/${String(id)}`)).body.data as Row;

  /** The documents behind a store's settlement, read straight from the tables (not through the engine). */
  async function documents(storeId: number, start: string, end: string) {
    const lo = `${start}T00:00:00+08:00`;
    const hi = `${end}T00:00:00+08:00`;
    const deliveries = await sql<{ amount: string }>`
      select round(i.received_quantity * i.price, 2) as amount
      from delivery_order_item i join delivery_order d on d.id = i.delivery_order_id
        join store_order so on so.order_code = d.store_order_code
      where d.store_id = ${storeId} and d.status = 50
        and so.delivery_date between ${start}::date and ${end}::date`.execute(t.database.db);
    const sales = await sql<{ amount: string }>`
      select o.pay_amount - o.refunded_amount as amount from cloud_order o
      where o.shop_id = ${storeId} and o.order_status = 6
        and o.finish_time >= ${lo}::timestamptz and o.finish_time < (${hi}::timestamptz + interval '1 day')`.execute(
      t.database.db,
    );
    const sum = (rows: { amount: string }[]) => rows.reduce((a, r) => a + cents(r.amount), 0);
    return {
      deliveryLines: deliveries.rows.length,
      deliveryCents: sum(deliveries.rows),
      orders: sales.rows.length,
      salesCents: sum(sales.rows),
    };
  }

  /** The statement's figures against its documents and its contract's terms. */
  async function expectFigures(doc: Row) {
    const d = await documents(Number(doc.storeId), String(doc.periodStart), String(doc.periodEnd));
    const code = String(doc.statementCode);
    expect(Number(doc.deliveryLineCount), code).toBe(d.deliveryLines);
    expect(Number(doc.salesOrderCount), code).toBe(d.orders);
    expect(cents(doc.deliveryAmount), code).toBe(d.deliveryCents);
    expect(cents(doc.salesAmount), code).toBe(d.salesCents);
    const commission = Math.round((d.salesCents * Number(doc.commissionRate)) / 100);
    expect(cents(doc.commissionAmount), code).toBe(commission);
    expect(cents(doc.settleAmount), code).toBe(
      d.salesCents - commission - cents(doc.managementFee) - d.deliveryCents,
    );
    return d;
  }

  it('seeds settlements of the last three periods for the operated stores, calculated from their documents', async () => {
    // Statements of a period (an adjustment statement draws no documents: store-settlement-payments.test.ts).
    const list = (
      await t.json(hq, 'POST', `${MJ}/findByPage`, { pageNo: 1, pageSize: 100, statementType: 1 })
    ).body.data.list as Row[];
    expect(list).toHaveLength(6);
    expect(new Set(list.map((d) => d.storeName))).toEqual(new Set(['上海徐汇店', '广州天河店']));
    expect(list.every((d) => d.status !== 0 && d.calculateTime !== null)).toBe(true);
    expect(list.some((d) => d.status === 1)).toBe(true);
    expect(list.some((d) => [10, 20].includes(Number(d.status)))).toBe(true);
    let orders = 0;
    for (const d of list) orders += (await expectFigures(d)).orders;
    // The demo's sales lie behind them (its deliveries are of the current supply cycle only, after
    // these periods: the next test settles them).
    expect(orders).toBeGreaterThan(0);
    // Its lines name the documents (drill-down): each sales line is an order of the store.
    const one = list.find((d) => Number(d.salesOrderCount) > 0)!;
    const lines = (await detail(one.id)).salesList as Row[];
    expect(lines.length).toBe(Number(one.salesOrderCount));
    expect(lines.every((l) => String(l.orderCode).length > 0 && l.orderId)).toBe(true);
    expect(lines.reduce((a, l) => a + cents(l.netAmount), 0)).toBe(cents(one.salesAmount));
  });

  it('figures are the sums of the period’s deliveries and sales under the contract’s terms; approved, it is frozen', async () => {
    const made = await t.json(hq, 'POST', `${MJ}/add`, {
      storeContractId: 2,
      periodStart: from,
      periodEnd: to,
    });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    const id = String(made.body.data.id);
    expect(made.body.data).toMatchObject({
      storeId: 13,
      storeName: '上海徐汇店',
      managementMode: 2,
      status: 0,
    });
    // Nothing is typed: a figure sent is refused.
    const typed = await t.json(hq, 'POST', `${MJ}/update`, { id: made.body.data.id, salesAmount: 1 });
    expect(typed.status).toBe(400);
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${id}`)).status).toBe(200);
    const doc = await detail(id);
    expect(doc.status).toBe(1);
    const d = await expectFigures(doc);
    expect(d.deliveryLines).toBeGreaterThan(0);
    expect(d.orders).toBeGreaterThan(0);
    // Drill-down: each delivery line names its delivery, valued at the quantity received.
    const lines = doc.deliveryList as Row[];
    expect(lines.every((l) => String(l.deliveryCode).length > 0 && l.deliveryLineId)).toBe(true);
    expect(lines.reduce((a, l) => a + cents(l.amount), 0)).toBe(cents(doc.deliveryAmount));
    // A contract not in force yet (a draft) cannot be settled.
    const draft = await t.json(hq, 'POST', `${MJ}/add`, {
      storeContractId: 7,
      periodStart: from,
      periodEnd: to,
    });
    expect(draft.status).toBe(400);

    expect((await t.json(hq, 'POST', `${MJ}/submit/${id}`)).status).toBe(200);
    const tasks = (await t.json(finance, 'POST', `${TASK}/findTodoByPage`, { keyword: doc.statementCode }))
      .body.data.list as Row[];
    expect(tasks).toHaveLength(1);
    expect(
      (await t.json(finance, 'POST', `${TASK}/approve/${String(tasks[0]!.id)}`, { comment: '核对无误' }))
        .status,
    ).toBe(200);
    const approved = await detail(id);
    expect(approved.status).toBe(20);
    expect(approved.approveTime).toBeTruthy();
    // Frozen: no recalculation, edit, voiding or deletion.
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${id}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MJ}/update`, { id: approved.id, remark: '改' })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MJ}/void/${id}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MJ}/delete/${id}`)).status).toBe(409);
    expect(cents((await detail(id)).settleAmount)).toBe(cents(approved.settleAmount));
  });

  it('is finance and headquarters work: a store manager and warehouse staff are refused', async () => {
    for (const account of ['md001', 'wh001']) {
      const token = await t.login(account);
      const list = await t.json(token, 'POST', `${MJ}/findByPage`, { pageNo: 1, pageSize: 5 });
      expect(list.status, account).toBe(401);
      expect(list.body.result.code, account).toBe('E0401');
      const add = await t.json(token, 'POST', `${MJ}/add`, {
        storeContractId: 2,
        periodStart: from,
        periodEnd: to,
      });
      expect(add.status, account).toBe(401);
      expect(add.body.result.code, account).toBe('E0401');
    }
    const list = await t.json(finance, 'POST', `${MJ}/findByPage`, { pageNo: 1, pageSize: 5 });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
  });
});
