import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const LOSS = '/api/v1/storage/lossReport';
const TODO = '/api/v1/approval/task/findTodoByPage';
const PHOTO = '/uploads/xs/loss_report_photo/202611/0123456789abcdef0123456789abcdef.jpg';

type Row = Record<string, unknown>;

// Issue 16.6 and 16.9: loss write-offs carry their cost amount and photos, are approved by
// headquarters and from 2,000 yuan also by finance (lossReportApproval), and only the last approval
// takes the stock out; the demo data holds them in every status.
describe('loss write-offs', () => {
  let t: TestApp;
  let hq: string;
  let fin: string;
  let clerk: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    fin = await t.login('tip001');
    clerk = await userWith(t, 'e00062', ['/dacang/stock/lossReportList', 'lossReport:add']);
  });
  afterAll(() => t.close());

  const taskOf = async (token: string, code: string) =>
    (
      (await t.json(token, 'POST', TODO, { pageNo: 1, pageSize: 5, keyword: code })).body.data.list as Row[]
    )[0];

  /** A batch of warehouse 22 worth at least `worth` yuan at cost, with its cost price. */
  async function batchWorth(worth: number) {
    const { rows } = await sql<{ id: number; available: string; price: string; code: string }>`
      select s.id, s.available_quantity as available, c.purchase_price as price, s.commodity_code as code
      from stock s join commodity c on c.code = s.commodity_code
      where s.warehouse_id = 22 and s.frozen_by is null and s.shelf_code <> '在途'
        and s.available_quantity * c.purchase_price >= ${worth}
      order by s.id limit 1`.execute(t.database.db);
    const b = rows[0]!;
    return { id: b.id, available: Number(b.available), price: Number(b.price), code: b.code };
  }
  const quantityOf = async (id: number) => {
    const { rows } = await sql<{ q: string }>`select quantity as q from stock where id = ${id}`.execute(
      t.database.db,
    );
    return Number(rows[0]!.q);
  };

  it('the demo data holds loss reports in every status', async () => {
    const { rows } = await sql<{ status: number; n: number }>`
      select status, count(*)::int as n from loss_report group by status order by status`.execute(
      t.database.db,
    );
    expect(rows.map((r) => r.status)).toEqual([0, 10, 20, 30, 40]);
    // The approved ones took their stock out with a ledger row per line.
    const { rows: ledger } = await sql<{ n: number }>`
      select count(*)::int as n from stock_ledger g join loss_report r on r.code = g.doc_code
      where r.status = 20`.execute(t.database.db);
    expect(ledger[0]!.n).toBeGreaterThan(0);
  });

  it('computes the amount at cost and keeps several photos; a photo must be an upload', async () => {
    const b = await batchWorth(10);
    const made = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 3,
      remark: '叉车碰撞，外箱破损',
      itemList: [{ stockId: b.id, quantity: 2 }],
      photoList: [{ fileUrl: PHOTO }, { fileUrl: PHOTO.replace('0123', '4567') }],
    });
    expect(made.status).toBe(200);
    expect(made.body.data.itemList[0]).toMatchObject({
      costPrice: b.price,
      amount: Math.round(b.price * 200) / 100,
    });
    expect(made.body.data.totalAmount).toBe(Math.round(b.price * 200) / 100);
    const detail = (await t.json(clerk, 'GET', `${LOSS}/detail/${String(made.body.data.id)}`)).body.data;
    expect(detail.photoList.map((p: Row) => p.lineNo)).toEqual([1, 2]);
    const bad = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 3,
      itemList: [{ stockId: b.id, quantity: 1 }],
      photoList: [{ fileUrl: 'https://example.com/a.jpg' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result.msg).toContain('请上传报损照片');
  });

  it('under 2,000 yuan headquarters alone approves, and the stock goes then', async () => {
    const b = await batchWorth(10);
    const quantity = Math.max(1, Math.min(3, Math.floor(1500 / b.price)));
    const made = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 1,
      itemList: [{ stockId: b.id, quantity }],
    });
    expect(made.body.data.totalAmount).toBeLessThan(2000);
    const code = made.body.data.code as string;
    await t.json(clerk, 'POST', `${LOSS}/submit/${String(made.body.data.id)}`);
    expect(await taskOf(fin, code)).toBeUndefined();
    const before = await quantityOf(b.id);
    const task = (await taskOf(hq, code))!;
    expect(task.stepTitle).toBe('总部审批');
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, {})).status).toBe(
      200,
    );
    expect((await t.json(hq, 'GET', `${LOSS}/detail/${String(made.body.data.id)}`)).body.data.status).toBe(
      20,
    );
    expect(await quantityOf(b.id)).toBeCloseTo(before - quantity, 3);
  });

  it('from 2,000 yuan finance approves after headquarters; the stock goes only at the last approval', async () => {
    const b = await batchWorth(2600);
    const quantity = Math.ceil(2000 / b.price) + 1;
    expect(quantity).toBeLessThanOrEqual(b.available);
    const made = await t.json(clerk, 'POST', `${LOSS}/add`, {
      warehouseId: 22,
      reason: 2,
      itemList: [{ stockId: b.id, quantity }],
    });
    expect(made.body.data.totalAmount).toBeGreaterThanOrEqual(2000);
    const id = made.body.data.id as number;
    const code = made.body.data.code as string;
    await t.json(clerk, 'POST', `${LOSS}/submit/${String(id)}`);
    const before = await quantityOf(b.id);
    const first = (await taskOf(hq, code))!;
    expect(first.stepTitle).toBe('总部审批');
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${String(first.id)}`, {})).status).toBe(
      200,
    );
    // Still waiting, for finance now: nothing has moved.
    expect((await t.json(hq, 'GET', `${LOSS}/detail/${String(id)}`)).body.data.status).toBe(10);
    expect(await quantityOf(b.id)).toBe(before);
    const second = (await taskOf(fin, code))!;
    expect(second.stepTitle).toBe('财务审批');
    expect((await t.json(fin, 'POST', `/api/v1/approval/task/approve/${String(second.id)}`, {})).status).toBe(
      200,
    );
    expect((await t.json(hq, 'GET', `${LOSS}/detail/${String(id)}`)).body.data.status).toBe(20);
    expect(await quantityOf(b.id)).toBeCloseTo(before - quantity, 3);
    const { rows } = await sql<{ q: string; t: number }>`
      select quantity as q, move_type as t from stock_ledger where doc_code = ${code}`.execute(t.database.db);
    expect(rows.map((r) => [Number(r.q), r.t])).toEqual([[-quantity, 10]]);
  });
});
