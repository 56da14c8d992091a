import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const PO = '/api/v1/purchase/purchaseOrder';
const SC = '/api/v1/product/supplierCommodity';
const RC = '/api/v1/storage/purchaseReceipt';
const STOCK = '/api/v1/storage/stock/findByPage';

type Row = Record<string, unknown>;

// Issue 15.7: receiving against an approved purchase order: lines from the order's lines, expiry from
// the shelf life, quality pass or reject; confirming puts passed goods into the receiving area (a
// batch per receipt, ledger rows), adds to the order's received quantities and moves the order to
// 部分收货 / 已收货, all in one transaction; the order's receiving states are the system's only.
describe('purchase receipts', () => {
  let t: TestApp;
  let hq: string;
  let po: Row;
  let lines: Row[];
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    const rel = (
      await t.json(hq, 'POST', `${SC}/findByPage`, { pageNo: 1, pageSize: 5, supplierId: 1, status: 1 })
    ).body.data.list as Row[];
    const made = await t.json(hq, 'POST', `${PO}/add`, {
      supplierId: 1,
      warehouseId: 21,
      expectedDate: '2026-12-01',
      itemList: [
        { supplierCommodityId: rel[0]!.id, quantity: 10 },
        { supplierCommodityId: rel[1]!.id, quantity: 6 },
      ],
    });
    po = made.body.data;
    expect((await t.json(hq, 'POST', `${PO}/submit/${String(po.id)}`)).body.data.status).toBe(20);
    lines = po.itemList as Row[];
  });
  afterAll(() => t.close());

  const order = async () => (await t.json(hq, 'GET', `${PO}/detail/${String(po.id)}`)).body.data as Row;

  it('receives part of an order: passed goods in stock with their expiry, the order partly received', async () => {
    const clerk = await userWith(t, 'e00071', [
      '/dacang/warehouse/purchaseReceiptList',
      'purchaseReceipt:add',
      'purchaseReceipt:confirm',
    ]);
    const made = await t.json(clerk, 'POST', `${RC}/add`, {
      purchaseOrderId: po.id,
      itemList: [
        { poItemId: lines[0]!.id, realQuantity: 4, productionDate: '2026-11-20' },
        {
          poItemId: lines[1]!.id,
          realQuantity: 6,
          productionDate: '2026-11-19',
          qualityPass: false,
          rejectReason: '腐烂',
        },
      ],
    });
    expect(made.status).toBe(200);
    const rc = made.body.data;
    expect(rc).toMatchObject({
      orderCode: po.orderCode,
      warehouseId: 21,
      warehouseName: '杭州中心大仓',
      totalQuantity: 10,
    });
    const shelfLife = Number(rc.itemList[0].shelfLifeDays);
    const expiry = new Date(Date.parse('2026-11-20T00:00:00Z') + shelfLife * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(rc.itemList[0]).toMatchObject({
      commodityCode: lines[0]!.commodityCode,
      orderedQuantity: 10,
      expiryDate: expiry,
    });

    const done = await t.json(clerk, 'POST', `${RC}/confirm/${String(rc.id)}`);
    expect(done.status).toBe(200);
    const stock = (await t.json(hq, 'POST', STOCK, { pageNo: 1, pageSize: 10, keyword: rc.code })).body.data
      .list as Row[];
    // Only the passed line went in, into the receiving area, as one batch named by the receipt.
    expect(stock.map((s) => [s.commodityCode, s.quantity, s.shelfCode, s.batchNo, s.expiryDate])).toEqual([
      [lines[0]!.commodityCode, 4, '', rc.code, expiry],
    ]);
    const after = await order();
    expect(after).toMatchObject({ status: 30, receivedTotal: 4, openTotal: 12 });
    expect((after.itemList as Row[]).map((l) => [l.receivedQuantity, l.openQuantity])).toEqual([
      [4, 6],
      [0, 6],
    ]);
    // A confirmed receipt is done with.
    expect((await t.json(clerk, 'POST', `${RC}/confirm/${String(rc.id)}`)).status).toBe(409);
  });

  it('completes the order with the rest; a line of another order is refused', async () => {
    const other = (
      (await t.json(hq, 'POST', `${PO}/findByPage`, { pageNo: 1, pageSize: 50, status: [20] })).body.data
        .list as Row[]
    ).find((o) => o.id !== po.id)!;
    const otherLines = (await t.json(hq, 'GET', `${PO}/detail/${String(other.id)}`)).body.data
      .itemList as Row[];
    const wrong = await t.json(hq, 'POST', `${RC}/add`, {
      purchaseOrderId: po.id,
      itemList: [{ poItemId: otherLines[0]!.id, realQuantity: 1, productionDate: '2026-11-20' }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选订单商品不存在或已停用');

    const rest = await t.json(hq, 'POST', `${RC}/add`, {
      purchaseOrderId: po.id,
      itemList: [
        { poItemId: lines[0]!.id, realQuantity: 6, productionDate: '2026-11-21' },
        { poItemId: lines[1]!.id, realQuantity: 6, productionDate: '2026-11-21' },
      ],
    });
    expect((await t.json(hq, 'POST', `${RC}/confirm/${String(rest.body.data.id)}`)).status).toBe(200);
    expect(await order()).toMatchObject({ status: 40, receivedTotal: 16, openTotal: 0 });
    // A received order is no longer offered for receiving.
    const again = await t.json(hq, 'POST', `${RC}/add`, {
      purchaseOrderId: po.id,
      itemList: [{ poItemId: lines[0]!.id, realQuantity: 1, productionDate: '2026-11-21' }],
    });
    expect(again.status).toBe(400);
    expect(again.body.result.msg).toBe('所选采购订单不存在或已停用');
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from stock_ledger where move_type = 1 and doc_code in
      (select code from purchase_receipt where purchase_order_id = ${po.id as number})`.execute(
      t.database.db,
    );
    expect(Number(rows[0]!.n)).toBe(3);
  });

  it('leaves the receiving states to the receipts', async () => {
    const res = await t.json(hq, 'POST', `${PO}/receivePart/${String(po.id)}`);
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toBe('“部分收货”由系统根据相关单据自动执行，不能手动操作');
  });
});
