import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const PO = '/api/v1/purchase/purchaseOrder';
const SC = '/api/v1/product/supplierCommodity';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

// Issue 15.5/15.6: supplier–commodity relations and purchase orders: lines only from the chosen
// supplier's active commodities at their agreed price, totals by the server, approval above 20,000
// yuan (finance), none below, transitions enforced, permissions by button code.
describe('purchase orders', () => {
  let t: TestApp;
  let hq: string;
  let fin: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    fin = await t.login('tip001');
  });
  afterAll(() => t.close());

  /** A draft order of supplier 1 with one line of the given relation. */
  const draft = async (supplierCommodityId: unknown, quantity: number, warehouseId = 21) =>
    (
      await t.json(hq, 'POST', `${PO}/add`, {
        supplierId: 1,
        warehouseId,
        expectedDate: '2026-12-01',
        itemList: [{ supplierCommodityId, quantity }],
      })
    ).body.data;
  /** Active relations of one supplier, by the same list the line picker calls. */
  const relations = async (supplierId: number) =>
    (await t.json(hq, 'POST', `${SC}/findByPage`, { pageNo: 1, pageSize: 50, supplierId, status: 1 })).body
      .data.list as Row[];

  it('lists seeded orders in several statuses and relations per supplier', async () => {
    const res = await t.json(hq, 'POST', `${PO}/findByPage`, { pageNo: 1, pageSize: 200 });
    expect(res.status).toBe(200);
    const statuses = new Set((res.body.data.list as Row[]).map((r) => r.status));
    // 已关闭 too: the seed closes part of the orders its receipts partly received.
    for (const s of [0, 15, 20, 50, 60]) expect(statuses).toContain(s);
    const first = (res.body.data.list as Row[])[0]!;
    const detail = (await t.json(hq, 'GET', `${PO}/detail/${String(first.id)}`)).body.data;
    const lines = detail.itemList as Row[];
    expect(lines.length).toBeGreaterThan(0);
    // Seeded lines are the order's supplier's and the totals add up as the server computes them.
    const mine = new Set((await relations(detail.supplierId as number)).map((r) => r.id));
    for (const l of lines) expect(mine.has(l.supplierCommodityId) || l.supplierCommodityId).toBeTruthy();
    const sum = lines.reduce((a, l) => a + Math.round(Number(l.amount) * 100), 0) / 100;
    expect(Number(detail.totalAmount)).toBe(sum);
  });

  it('takes price and names from the relation, computes totals, refuses another supplier’s line', async () => {
    const [a, b] = await relations(1);
    const made = await t.json(hq, 'POST', `${PO}/add`, {
      supplierId: 1,
      warehouseId: 21,
      expectedDate: '2026-12-01',
      itemList: [
        { supplierCommodityId: a!.id, quantity: 10 },
        { supplierCommodityId: b!.id, quantity: 2.5 },
      ],
    });
    expect(made.status).toBe(200);
    const po = made.body.data;
    expect(po).toMatchObject({
      status: 0,
      supplierName: '赣州绿源果业有限公司',
      warehouseName: '杭州中心大仓',
      lineCount: 2,
    });
    expect(po.itemList[0]).toMatchObject({ commodityCode: a!.commodityCode, price: a!.purchasePrice });
    const expected =
      Math.round(10 * Number(a!.purchasePrice) * 100 + 2.5 * Number(b!.purchasePrice) * 100) / 100;
    expect(Number(po.totalAmount)).toBeCloseTo(expected, 2);
    expect(po.orderCode).toMatch(/^CG\d{8}\d{6}$/);

    const other = (await relations(2))[0]!;
    const wrong = await t.json(hq, 'POST', `${PO}/add`, {
      supplierId: 1,
      warehouseId: 21,
      expectedDate: '2026-12-01',
      itemList: [{ supplierCommodityId: other.id, quantity: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选商品不存在或已停用');
    // Changing the supplier of a saved order without new lines: its lines are checked again.
    const moved = await t.json(hq, 'POST', `${PO}/update`, { id: po.id, supplierId: 2 });
    expect(moved.status).toBe(400);
    const empty = await t.json(hq, 'POST', `${PO}/add`, {
      supplierId: 1,
      warehouseId: 21,
      expectedDate: '2026-12-01',
      itemList: [],
    });
    expect(empty.status).toBe(400);
  });

  it('approves a small order at once and sends a large one to finance', async () => {
    const [a] = await relations(1);
    const small = await draft(a!.id, 10);
    const submitted = await t.json(hq, 'POST', `${PO}/submit/${String(small.id)}`);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 20 });
    expect(submitted.body.data.approveTime).toBeTruthy();

    const big = await draft(a!.id, 50000, 22);
    expect((await t.json(hq, 'POST', `${PO}/submit/${String(big.id)}`)).body.data.status).toBe(10);
    // The order cannot be approved through its own endpoint: only its approval does that.
    expect((await t.json(hq, 'POST', `${PO}/approve/${String(big.id)}`)).status).toBe(409);
    const task = (await t.json(fin, 'POST', TODO, { keyword: big.orderCode })).body.data.list[0] as Row;
    expect(task).toMatchObject({ stepTitle: '财务审批' });
    // Finance has no purchase-order page, yet reads the order it decides, and only that one.
    expect((await t.json(fin, 'GET', `${PO}/detail/${String(big.id)}`)).body.data).toMatchObject({
      id: big.id,
    });
    expect((await t.json(fin, 'GET', `${PO}/detail/${String(small.id)}`)).status).toBe(401);
    expect((await t.json(fin, 'POST', `${PO}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(401);
    expect(
      (await t.json(fin, 'POST', `${TASK}/approve/${String(task.id)}`, { comment: '同意' })).status,
    ).toBe(200);
    expect((await t.json(hq, 'GET', `${PO}/detail/${String(big.id)}`)).body.data.status).toBe(20);
  });

  it('cancelling an order that waits for approval ends its approval', async () => {
    const [a] = await relations(1);
    const po = await draft(a!.id, 40000);
    expect((await t.json(hq, 'POST', `${PO}/submit/${String(po.id)}`)).body.data.status).toBe(10);
    expect((await t.json(fin, 'POST', TODO, { keyword: po.orderCode })).body.data.list).toHaveLength(1);
    const cancelled = await t.json(hq, 'POST', `${PO}/cancel/${String(po.id)}`, { cancelReason: '需求取消' });
    expect(cancelled.body.data.status).toBe(60);
    // Finance has nothing left to decide; the approval shows as cancelled with the reason in its timeline.
    expect((await t.json(fin, 'POST', TODO, { keyword: po.orderCode })).body.data.list).toHaveLength(0);
    const mine = (
      await t.json(hq, 'POST', '/api/v1/approval/instance/findMineByPage', { keyword: po.orderCode })
    ).body.data.list as Row[];
    expect(mine[0]).toMatchObject({ status: 40 });
  });

  it('enforces transitions and permissions', async () => {
    const [a] = await relations(1);
    const po = await draft(a!.id, 1);
    const close = await t.json(hq, 'POST', `${PO}/close/${String(po.id)}`);
    expect(close.status).toBe(409);
    // Figures are the server's: a request carrying them is refused, not believed.
    const forged = await t.json(hq, 'POST', `${PO}/update`, { id: po.id, totalAmount: 1 });
    expect(forged.status).toBe(400);
    expect(forged.body.result.msg).toBe('不支持的字段：totalAmount');
    const noReason = await t.json(hq, 'POST', `${PO}/cancel/${String(po.id)}`, {});
    expect(noReason.status).toBe(400);
    const cancelled = await t.json(hq, 'POST', `${PO}/cancel/${String(po.id)}`, {
      cancelReason: '供应商缺货',
    });
    expect(cancelled.body.data).toMatchObject({ status: 60, cancelReason: '供应商缺货' });
    expect((await t.json(hq, 'POST', `${PO}/update`, { id: po.id, remark: 'x' })).status).toBe(409);

    const reader = await userWith(t, 'e00042', ['/admin/purchase/purchaseOrderList']);
    expect((await t.json(reader, 'POST', `${PO}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(200);
    const add = await t.json(reader, 'POST', `${PO}/add`, {
      supplierId: 1,
      warehouseId: 21,
      expectedDate: '2026-12-01',
      itemList: [{ supplierCommodityId: a!.id, quantity: 1 }],
    });
    expect(add.status).toBe(401);
    const store = await t.login('md001');
    expect((await t.json(store, 'POST', `${PO}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(401);
  });

  it('keeps one relation per supplier and commodity', async () => {
    const [a] = await relations(1);
    const again = await t.json(hq, 'POST', `${SC}/add`, {
      supplierId: 1,
      commodityCode: a!.commodityCode,
      purchasePrice: 9.9,
    });
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe('该供应商已有此商品的供货关系');
  });
});
