import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { STOCK_OUT_LIST, userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

const RET = '/api/v1/storage/supplierReturn';
const PAGE = '/dacang/stock/supplierReturnList';
const STOCK = '/api/v1/storage/stock/findByPage';
const LEDGER = '/api/v1/storage/stockLedger/findByPage';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';
const MINE = '/api/v1/approval/instance/findMineByPage';
const INSTANCE = '/api/v1/approval/instance';

type Row = Record<string, unknown>;

// Issue 15.9: returns to supplier (SPEC 3 return-to-supplier status: 1 pending review, 2 awaiting
// return, 3 outbound done, 0 cancelled, 4 rejected). Lines are picked from the chosen warehouse's
// stock batches; creating one starts its approval; only an approved return goes out, once, taking
// each line off its batch with a 退供出库 (11) ledger row; never below zero; permissions by code.
describe('returns to supplier', () => {
  let t: TestApp;
  let hq: string;
  /** Creates returns (and withdraws his own) but does not ship them. */
  let clerk: string;
  /** Ships approved returns, creates none. */
  let shipper: string;
  /** Another holder of supplierReturn:add (not the applicant). */
  let colleague: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    clerk = await userWith(t, 'e00061', [
      PAGE,
      'supplierReturn:add',
      '/dacang/approval/mineList',
      'dcApproval:withdraw',
    ]);
    shipper = await userWith(t, 'e00062', [PAGE, 'supplierReturn:outbound']);
    colleague = await userWith(t, 'e00063', [PAGE, 'supplierReturn:add']);
  });
  afterAll(() => t.close());

  /** Batches of a warehouse with stock to spare, by the list the line picker calls. */
  async function batches(warehouseId: number, token = hq): Promise<Row[]> {
    const res = await t.json(token, 'POST', STOCK, {
      pageNo: 1,
      pageSize: 20,
      warehouseId,
      sort: [{ field: 'availableQuantity', order: 'descend' }],
    });
    expect(res.status).toBe(200);
    return res.body.data.list as Row[];
  }
  /** On hand and available of one stock row, read from the table. */
  const stockRow = async (id: unknown) => {
    const { rows } = await sql<{ q: string; a: string }>`
      select quantity as q, available_quantity as a from stock where id = ${Number(id)}`.execute(
      t.database.db,
    );
    return { quantity: Number(rows[0]!.q), available: Number(rows[0]!.a) };
  };
  const ledgerOf = async (code: unknown) =>
    (await t.json(hq, 'POST', LEDGER, { pageNo: 1, pageSize: 50, keyword: code })).body.data.list as Row[];
  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${RET}/detail/${String(id)}`)).body.data as Row;
  const taskOf = async (code: unknown) =>
    ((await t.json(hq, 'POST', TODO, { pageNo: 1, pageSize: 5, keyword: code })).body.data.list as Row[])[0];

  async function create(token: string, itemList: Row[], extra: Row = {}) {
    return t.json(token, 'POST', `${RET}/add`, {
      supplierId: 1,
      warehouseId: 21,
      remark: '测试退货',
      itemList,
      ...extra,
    });
  }
  async function approve(code: unknown) {
    const task = await taskOf(code);
    expect(task).toBeDefined();
    const res = await t.json(hq, 'POST', `${TASK}/approve/${String(task!.id)}`, {});
    expect(res.status).toBe(200);
  }

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  it('creates a return pending review from the warehouse’s batches, totals by the server, nothing moves', async () => {
    const [a, b] = await batches(21, clerk);
    const before = await stockRow(a!.id);
    const made = await create(clerk, [
      { stockId: a!.id, quantity: 2.5, price: 3.2, returnReason: 1 },
      { stockId: b!.id, quantity: 1, price: 10, returnReason: 2 },
    ]);
    expect(made.status).toBe(200);
    const doc = made.body.data;
    expect(doc).toMatchObject({
      status: 1,
      supplierName: '赣州绿源果业有限公司',
      warehouseName: '杭州中心大仓',
      lineCount: 2,
      totalQuantity: 3.5,
      totalAmount: 18,
      applicantName: expect.any(String),
    });
    expect(doc.code).toMatch(/^TG\d{14}$/);
    expect(doc.itemList[0]).toMatchObject({
      commodityCode: a!.commodityCode,
      commodityName: a!.commodityName,
      unitName: a!.unitName,
      shelfCode: a!.shelfCode,
      batchNo: a!.batchNo,
      amount: 8,
      returnReason: 1,
    });
    // Its approval started with the document; nothing moves while it waits.
    expect(await taskOf(doc.code)).toBeDefined();
    expect(await stockRow(a!.id)).toEqual(before);
    expect(await ledgerOf(doc.code)).toHaveLength(0);
    // The guarded transitions answer 409 on their own endpoint; outbound and cancel are not yet possible.
    for (const action of ['approve', 'reject', 'withdraw', 'outbound'])
      expect((await t.json(hq, 'POST', `${RET}/${action}/${String(doc.id)}`, {})).status).toBe(409);
    expect(
      (await t.json(clerk, 'POST', `${RET}/cancel/${String(doc.id)}`, { cancelReason: '不退了' })).status,
    ).toBe(409);
    // No edit once submitted: there is no update endpoint.
    expect((await t.json(clerk, 'POST', `${RET}/update`, { id: doc.id })).status).toBe(404);
  });

  it('approved in the approval centre, ships once: stock out of the batch, one 退供出库 ledger row per line', async () => {
    const [a] = await batches(21);
    const before = await stockRow(a!.id);
    const made = (await create(clerk, [{ stockId: a!.id, quantity: 1.25, price: 4.5, returnReason: 3 }])).body
      .data;
    await approve(made.code);
    const approved = await detail(made.id);
    expect(approved.status).toBe(2);
    expect(approved.approveTime).toBeTruthy();
    expect(await stockRow(a!.id)).toEqual(before);

    // The clerk holds no outbound code; the shipper does. Two at once move stock once.
    expect((await t.json(clerk, 'POST', `${RET}/outbound/${String(made.id)}`)).status).toBe(401);
    const [first, second] = await Promise.all([
      t.json(shipper, 'POST', `${RET}/outbound/${String(made.id)}`),
      t.json(shipper, 'POST', `${RET}/outbound/${String(made.id)}`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const shipped = await detail(made.id);
    expect(shipped).toMatchObject({ status: 3, outboundOperatorName: expect.any(String) });
    expect(shipped.outboundTime).toBeTruthy();
    const after = await stockRow(a!.id);
    expect(after.quantity).toBeCloseTo(Number(before.quantity) - 1.25, 3);

    const ledger = await ledgerOf(made.code);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      moveType: 11,
      docType: '退供单',
      docCode: made.code,
      commodityCode: a!.commodityCode,
      batchNo: a!.batchNo,
      shelfCode: a!.shelfCode,
      quantity: -1.25,
    });
    expect(Number(ledger[0]!.balanceAfter)).toBeCloseTo(Number(after.quantity), 3);

    // The outbound is recorded as a stock-out of the return type (退供应商出库), already out: the
    // return moved the stock, so the stock-out holds no confirm of its own (nothing moves twice).
    const outs = (await t.json(hq, 'POST', STOCK_OUT_LIST, { pageNo: 1, pageSize: 10, referCode: made.code }))
      .body.data.list as Record<string, unknown>[];
    const out = outs.find((o) => o.referCode === made.code)!;
    expect(out).toMatchObject({
      outputType: 3,
      status: 20,
      warehouseId: 21,
      supplierName: made.supplierName,
    });
    const outDetail = (
      await t.json(
        hq,
        'GET',
        `/gateApi/storageAdmin/stockOutOrder/findStockOutOrderAndItemById/${String(out.id)}`,
      )
    ).body.data as { itemList: Record<string, unknown>[] };
    expect(outDetail.itemList).toEqual([
      expect.objectContaining({
        commodityCode: a!.commodityCode,
        batchNo: a!.batchNo,
        expectQuantity: 1.25,
        commodityPrice: 4.5,
        totalAmount: 5.63,
      }),
    ]);
    expect(
      (await t.json(hq, 'POST', `/gateApi/storageAdmin/stockOutOrder/confirmStockOut/${String(out.id)}`))
        .status,
    ).toBe(409);

    // Done is done: neither a second outbound nor a cancel.
    expect((await t.json(shipper, 'POST', `${RET}/outbound/${String(made.id)}`)).status).toBe(409);
    const cancel = await t.json(clerk, 'POST', `${RET}/cancel/${String(made.id)}`, {
      cancelReason: '误操作',
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.result.msg).toContain('已出库');
    expect(await ledgerOf(made.code)).toHaveLength(1);
    await ledgerAgrees();
  });

  it('refuses to ship more than the batch holds, naming the commodity; nothing moves; then may be cancelled', async () => {
    const [a] = await batches(21);
    const before = await stockRow(a!.id);
    const made = (
      await create(clerk, [
        {
          stockId: a!.id,
          quantity: Math.round(Number(before.available) * 1000 + 100_000) / 1000,
          price: 1,
          returnReason: 4,
        },
      ])
    ).body.data;
    await approve(made.code);
    const refused = await t.json(shipper, 'POST', `${RET}/outbound/${String(made.id)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('可用库存不足');
    expect(refused.body.result.msg).toContain(String(a!.commodityCode));
    expect((await detail(made.id)).status).toBe(2);
    expect(await stockRow(a!.id)).toEqual(before);
    expect(await ledgerOf(made.code)).toHaveLength(0);

    // Cancelled by another holder of the code, with a reason; then it cannot ship.
    expect((await t.json(colleague, 'POST', `${RET}/cancel/${String(made.id)}`, {})).status).toBe(400);
    const cancelled = await t.json(colleague, 'POST', `${RET}/cancel/${String(made.id)}`, {
      cancelReason: '库存不足，改下次退货',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 0, cancelReason: '库存不足，改下次退货' });
    expect((await t.json(shipper, 'POST', `${RET}/outbound/${String(made.id)}`)).status).toBe(409);
    expect(await stockRow(a!.id)).toEqual(before);
  });

  it('a rejected return stays rejected; the applicant may withdraw a pending one', async () => {
    const [a] = await batches(21);
    const rejected = (await create(clerk, [{ stockId: a!.id, quantity: 1, price: 2, returnReason: 5 }])).body
      .data;
    const task = await taskOf(rejected.code);
    expect(
      (await t.json(hq, 'POST', `${TASK}/reject/${String(task!.id)}`, { comment: '请先联系供应商确认' }))
        .status,
    ).toBe(200);
    expect((await detail(rejected.id)).status).toBe(4);
    expect((await t.json(shipper, 'POST', `${RET}/outbound/${String(rejected.id)}`)).status).toBe(409);
    expect(
      (await t.json(clerk, 'POST', `${RET}/cancel/${String(rejected.id)}`, { cancelReason: 'x' })).status,
    ).toBe(409);

    const pending = (await create(clerk, [{ stockId: a!.id, quantity: 1, price: 2, returnReason: 1 }])).body
      .data;
    const mine = (await t.json(clerk, 'POST', MINE, { pageNo: 1, pageSize: 5, keyword: pending.code })).body
      .data.list as Row[];
    expect(mine).toHaveLength(1);
    expect((await t.json(clerk, 'POST', `${INSTANCE}/withdraw/${String(mine[0]!.id)}`, {})).status).toBe(200);
    const withdrawn = await detail(pending.id);
    expect(withdrawn.status).toBe(0);
    expect(withdrawn.cancelTime).toBeTruthy();
    expect(await taskOf(pending.code)).toBeUndefined();
    expect(await ledgerOf(pending.code)).toHaveLength(0);
  });

  it('an administrator’s own return passes his step at once', async () => {
    const [a] = await batches(21);
    const made = await create(hq, [{ stockId: a!.id, quantity: 1, price: 2, returnReason: 2 }]);
    expect(made.status).toBe(200);
    expect(made.body.data.status).toBe(2);
    expect(made.body.data.approveTime).toBeTruthy();
  });

  it('refuses lines of another warehouse, a disabled supplier and incomplete lines', async () => {
    const [own] = await batches(21);
    const [other] = await batches(22);
    expect(other).toBeDefined();
    const wrong = await create(clerk, [{ stockId: other!.id, quantity: 1, price: 1, returnReason: 1 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选库存批次不存在或已停用');

    const disabled = await create(clerk, [{ stockId: own!.id, quantity: 1, price: 1, returnReason: 1 }], {
      supplierId: 8,
    });
    expect(disabled.status).toBe(400);

    for (const line of [
      { stockId: own!.id, quantity: 1, price: 1 },
      { stockId: own!.id, quantity: 0, price: 1, returnReason: 1 },
      { stockId: own!.id, quantity: 1, price: 1.234, returnReason: 1 },
      { stockId: own!.id, quantity: 1, returnReason: 1 },
    ])
      expect((await create(clerk, [line])).status).toBe(400);
    expect((await create(clerk, [])).status).toBe(400);
  });

  it('is open to holders of the page and its codes only; the pickers answer the page’s users', async () => {
    // The pickers of the create form: suppliers, warehouses, the warehouse's batches.
    expect(
      (
        await t.json(clerk, 'POST', '/api/v1/product/supplier/findByPage', {
          pageNo: 1,
          pageSize: 5,
          status: [1],
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.json(clerk, 'POST', '/api/v1/storage/warehouse/findByPage', { pageNo: 1, pageSize: 5 }))
        .status,
    ).toBe(200);
    expect((await batches(21, clerk)).length).toBeGreaterThan(0);

    const [a] = await batches(21);
    const line = { stockId: a!.id, quantity: 1, price: 1, returnReason: 1 };
    // The shipper sees the page but may not create.
    expect((await t.json(shipper, 'POST', `${RET}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    expect((await create(shipper, [line])).status).toBe(401);
    // A store manager has nothing of it.
    const store = await t.login('md001');
    expect((await t.json(store, 'POST', `${RET}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(401);
    expect((await create(store, [line])).status).toBe(401);
    // The demo warehouse role holds the whole dacang app: it lists, creates and ships.
    const wh = await t.login('wh001');
    const list = await t.json(wh, 'POST', `${RET}/findByPage`, { pageNo: 1, pageSize: 50, status: [3] });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
    expect((await create(wh, [line])).status).toBe(200);
  });
});
