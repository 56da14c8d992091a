import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

const OBTAIN = '/gateApi/storageAdmin/DpObtainOutOrder/web';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

// Issue 18.4: department requisitions take goods from the caller's warehouses' stock batches,
// wait for headquarters' approval (obtainOrderApproval), and the approval posts them to the ledger
// (领用出库, stock decreases) and records what was issued; amounts are quantity × cost price.
describe('department requisitions', () => {
  let t: TestApp;
  let hq: string;
  let clerk: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    clerk = await userWith(t, 'e00062', ['/admin/finance/obtainOrderList', 'obtainOrder:add']);
  }, 60_000);
  afterAll(() => t.close());

  const taskOf = async (code: string) =>
    ((await t.json(hq, 'POST', TODO, { pageNo: 1, pageSize: 5, keyword: code })).body.data.list as Row[])[0];

  /** A batch of warehouse 22 on a shelf holding at least `min`, with its cost price. */
  async function batch(min: number, skip = 0) {
    const { rows } = await sql<{ id: number; available: string; price: string; code: string }>`
      select s.id, s.available_quantity as available, c.purchase_price as price, s.commodity_code as code
      from stock s join commodity c on c.code = s.commodity_code
      where s.warehouse_id = 22 and s.frozen_by is null and s.shelf_code not in ('在途', '')
        and s.available_quantity >= ${min} and c.purchase_price > 0
      order by s.id limit 1 offset ${skip}`.execute(t.database.db);
    const b = rows[0]!;
    return { id: b.id, available: Number(b.available), price: Number(b.price), code: b.code };
  }
  const quantityOf = async (id: number) =>
    Number(
      (await sql<{ q: string }>`select quantity as q from stock where id = ${id}`.execute(t.database.db))
        .rows[0]!.q,
    );

  const ledgerAgrees = () => expectLedgerAgrees(t.database.db);

  const create = (stockId: number, quantity: number) =>
    t.json(clerk, 'POST', `${OBTAIN}/add`, {
      warehouseId: 22,
      departmentName: '行政部',
      obtainDate: today(),
      obtainName: '李领用',
      remark: '月度办公用品',
      items: [{ stockId, quantity }],
    });

  it('creates a draft with the amount at cost, submits it, and the approval takes the stock out', async () => {
    const b = await batch(3);
    const made = await create(b.id, 1.255);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const doc = made.body.data as Row & { id: number; orderCode: string; items: Row[] };
    const amount = Math.round(b.price * 1.255 * 100) / 100;
    expect(doc).toMatchObject({ status: 4, warehouseId: 22, totalAmount: amount });
    expect(doc.orderCode).toMatch(/^LY\d+/);
    expect(doc.items[0]).toMatchObject({
      commodityCode: b.code,
      quantity: 1.255,
      price: b.price,
      amount,
      pickQuantity: null,
    });
    // Four decimals are refused; nothing moves before the approval.
    expect((await create(b.id, 1.2345)).status).toBe(400);
    const before = await quantityOf(b.id);
    const submitted = await t.json(clerk, 'POST', `${OBTAIN}/submit/${doc.id}`);
    expect(submitted.body.data.status).toBe(0);
    expect(await quantityOf(b.id)).toBe(before);
    // While it waits, the clerk cannot edit it.
    expect((await t.json(clerk, 'POST', `${OBTAIN}/update`, { id: doc.id, remark: '改' })).status).toBe(409);
    const task = (await taskOf(doc.orderCode))!;
    expect(task.stepTitle).toBe('总部审批');
    expect((await t.json(hq, 'POST', `${TASK}/approve/${String(task.id)}`, {})).status).toBe(200);
    const done = (await t.json(hq, 'GET', `${OBTAIN}/detail/${doc.id}`)).body.data;
    expect(done.status).toBe(1);
    expect(done.items[0]).toMatchObject({ pickQuantity: 1.255, pickAmount: amount });
    expect(await quantityOf(b.id)).toBeCloseTo(before - 1.255, 3);
    const { rows } = await sql<{ q: string; type: number; stock: number }>`
      select quantity as q, move_type as type, stock_id as stock from stock_ledger
      where doc_code = ${doc.orderCode}`.execute(t.database.db);
    expect(rows.map((r) => [Number(r.q), Number(r.type), r.stock])).toEqual([[-1.255, 13, b.id]]);
    // The print's data: what was asked, issued and what it cost.
    const printed = (await t.json(hq, 'GET', `${OBTAIN}/getDetailById/${doc.id}`)).body.data;
    expect(printed).toMatchObject({
      orderCode: doc.orderCode,
      warehouseName: done.warehouseName,
      departmentName: '行政部',
      totalQuantity: 1.255,
      totalPickQuantity: 1.255,
      totalPickAmount: amount,
    });
    await ledgerAgrees();
  });

  it('a rejected requisition moves nothing and can be cancelled', async () => {
    const b = await batch(2, 1);
    const doc = (await create(b.id, 1)).body.data as Row & { id: number; orderCode: string };
    await t.json(clerk, 'POST', `${OBTAIN}/submit/${doc.id}`);
    const before = await quantityOf(b.id);
    const task = (await taskOf(doc.orderCode))!;
    expect(
      (await t.json(hq, 'POST', `${TASK}/reject/${String(task.id)}`, { comment: '数量不对' })).status,
    ).toBe(200);
    expect((await t.json(hq, 'GET', `${OBTAIN}/detail/${doc.id}`)).body.data.status).toBe(2);
    expect((await t.json(clerk, 'POST', `${OBTAIN}/cancel/${doc.id}`)).body.data.status).toBe(3);
    expect(await quantityOf(b.id)).toBe(before);
    await ledgerAgrees();
  });

  it('an approval finding too little stock is refused naming the commodity; nothing moves', async () => {
    const b = await batch(1, 2);
    const doc = (await create(b.id, b.available + 1)).body.data as Row & {
      id: number;
      orderCode: string;
      items: Row[];
    };
    await t.json(clerk, 'POST', `${OBTAIN}/submit/${doc.id}`);
    const task = (await taskOf(doc.orderCode))!;
    const refused = await t.json(hq, 'POST', `${TASK}/approve/${String(task.id)}`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain(
      `${String(doc.items[0]!.commodityName)}（${b.code}）可用库存不足`,
    );
    expect((await t.json(hq, 'GET', `${OBTAIN}/detail/${doc.id}`)).body.data.status).toBe(0);
    expect(await quantityOf(b.id)).toBe(b.available);
    await ledgerAgrees();
  });
});
