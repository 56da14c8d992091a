import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

type Row = Record<string, unknown>;

// Issue 15.10: the purchasing documents of the demo data cover their SPEC 3 statuses over the last
// 90 days, brought there through the engine (a shipped return took its lines off their batches).
describe('seeded purchasing documents', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const list = async (path: string, body: Row = {}) => {
    const res = await t.json(hq, 'POST', path, { pageNo: 1, pageSize: 500, ...body });
    expect(res.status).toBe(200);
    return res.body.data.list as Row[];
  };
  const statuses = (rows: Row[]) => [...new Set(rows.map((r) => r.status as number))].sort((a, b) => a - b);

  it('has returns to supplier in every status, shipped ones with their 退供出库 ledger rows', async () => {
    const returns = await list('/api/v1/storage/supplierReturn/findByPage');
    expect(statuses(returns)).toEqual([0, 1, 2, 3, 4]);
    const day = 86_400_000;
    for (const r of returns) {
      expect(Date.now() - Date.parse(String(r.createTime))).toBeLessThan(91 * day + 10 * day);
      expect(r.lineCount).toBeGreaterThan(0);
    }
    const shipped = returns.find((r) => r.status === 3)!;
    expect(shipped.outboundTime).toBeTruthy();
    const detail = (await t.json(hq, 'GET', `/api/v1/storage/supplierReturn/detail/${String(shipped.id)}`))
      .body.data as { itemList: Row[]; warehouseId: number };
    // keyword matches the document code (and batch numbers, which never look like a TG code).
    const rows = (await list('/api/v1/storage/stockLedger/findByPage', { keyword: shipped.code })).filter(
      (l) => l.docCode === shipped.code,
    );
    expect(rows.length).toBe(detail.itemList.length);
    for (const line of detail.itemList) {
      expect(line.commodityName).toBeTruthy();
      expect(line.shelfCode).toBe('A-01-01');
      expect(rows).toContainEqual(
        expect.objectContaining({ moveType: 11, batchNo: line.batchNo, commodityCode: line.commodityCode }),
      );
    }
    // The rest stay as they were: nothing of a waiting or rejected return left the stock.
    const kept = returns.find((r) => r.status === 4)!;
    expect(
      (await list('/api/v1/storage/stockLedger/findByPage', { keyword: kept.code })).filter(
        (l) => l.docCode === kept.code,
      ),
    ).toHaveLength(0);
  });

  it('has purchase orders, receipts and tenders in their statuses', async () => {
    // Orders: drafts, in approval, rejected, approved, cancelled; partly and fully received through
    // the seeded receipts, and closed (已关闭) after a partial receipt through the order's 关闭.
    const orders = await list('/api/v1/purchase/purchaseOrder/findByPage');
    expect(statuses(orders)).toEqual([0, 10, 15, 20, 30, 40, 50, 60]);
    // A closed order was partly received: something came in, something is no longer expected.
    for (const o of orders.filter((r) => r.status === 50)) {
      expect(Number(o.receivedTotal)).toBeGreaterThan(0);
      expect(Number(o.openTotal)).toBeGreaterThan(0);
    }
    // Brought there by the transition, as hq001 in the seed run, not written as 50.
    const closed = orders.find((r) => r.status === 50)!;
    const runs = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'account'])
      .where('entity', '=', 'purchaseOrder')
      .where('entityId', '=', String(closed.id))
      .where('action', '=', 'transition:close')
      .execute();
    expect(runs).toEqual([{ action: 'transition:close', account: 'hq001' }]);
    expect(statuses(await list('/api/v1/storage/purchaseReceipt/findByPage'))).toEqual([0, 10, 90]);
    expect(statuses(await list('/api/v1/purchase/tender/findByPage'))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('has department requisitions in every status, approved ones with their 领用出库 ledger rows', async () => {
    const rows = await list('/gateApi/storageAdmin/DpObtainOutOrder/web/findDpObtainOutOrderByPage');
    // 4 草稿, 0 待审核, 1 已审核, 2 审核驳回, 3 已取消 (schemas/seed/obtainOrder.json).
    expect(statuses(rows)).toEqual([0, 1, 2, 3, 4]);
    const day = 86_400_000;
    for (const r of rows) {
      expect(Date.now() - Date.parse(String(r.createTime))).toBeLessThan(91 * day + 10 * day);
      expect([21, 22]).toContain(r.warehouseId);
      expect(r.warehouseName).toBeTruthy();
    }
    const approved = rows.find((r) => r.status === 1)!;
    expect(approved.approveTime).toBeTruthy();
    const detail = (
      await t.json(hq, 'GET', `/gateApi/storageAdmin/DpObtainOutOrder/web/detail/${String(approved.id)}`)
    ).body.data as { items: Row[] };
    const ledger = (
      await list('/api/v1/storage/stockLedger/findByPage', { keyword: approved.orderCode })
    ).filter((l) => l.docCode === approved.orderCode);
    expect(ledger.length).toBe(detail.items.length);
    for (const line of detail.items) {
      expect(line.shelfCode).toBe('A-01-01');
      expect(line.pickQuantity).toBe(line.quantity);
      expect(ledger).toContainEqual(
        expect.objectContaining({
          moveType: 13,
          batchNo: line.batchNo,
          commodityCode: line.commodityCode,
          quantity: -Number(line.quantity),
        }),
      );
    }
    // Nothing of a draft, a waiting, rejected or cancelled requisition left the stock.
    for (const status of [0, 2, 3, 4]) {
      const kept = rows.find((r) => r.status === status)!;
      expect(
        (await list('/api/v1/storage/stockLedger/findByPage', { keyword: kept.orderCode })).filter(
          (l) => l.docCode === kept.orderCode,
        ),
      ).toHaveLength(0);
    }
  });
});
