import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

// SPEC 7.6: the commodity list under the path of each picking scenario, as `views` of the commodity
// resource (schemas/resources/commodity.json): same filters, paging and rows, each with its own
// permission and fixed conditions (enabled commodities only), while the default list shows every one.
const DEFAULT = '/api/v1/product/commodity/getPageForCommon';
const VIEWS = {
  common: '/api/v1/storage/commodity/getPageForCommon',
  collectAndTransfer: '/gateApi/storageAdmin/commodity/getPageForCollectAndTransfer',
  delivery: '/gateApi/storageAdmin/deliveryCargoOrder/web/queryCommodity',
  promotion: '/gateApi/storageAdmin/commodity/getCommodityListForPromotionPage',
  shelf: '/api/v1/storage/commodity/getShelfCommodityList',
};

interface Row {
  code: string;
  name: string;
  status: number;
}

describe('commodity lists by scenario (SPEC 7.6)', () => {
  let t: TestApp;
  let clerk: string;
  let transfers: string;
  const page = async (token: string, path: string, params: Record<string, unknown> = {}) =>
    t.json(token, 'POST', path, { pageNo: 1, pageSize: 500, ...params });

  beforeAll(async () => {
    t = await createTestApp();
    clerk = await userWith(t, 'e00061', ['/admin/product/commodityList']);
    transfers = await userWith(t, 'e00062', ['/dacang/allocateTransfer/transferApplyList']);
  });
  afterAll(() => t.close());

  it('answers every scenario path with the enabled commodities; the default list has the disabled too', async () => {
    const all = (await page(clerk, DEFAULT)).body.data as { total: number };
    const disabled = ((await page(clerk, DEFAULT, { status: 0 })).body.data as { list: Row[] }).list;
    expect(disabled.length).toBeGreaterThan(0);
    for (const path of Object.values(VIEWS)) {
      const res = await page(clerk, path);
      expect(res.status, path).toBe(200);
      const rows = res.body.data.list as Row[];
      expect(res.body.data.total, path).toBe(all.total - disabled.length);
      expect(rows.every((r) => r.status === 1)).toBe(true);
      expect(rows.map((r) => r.code)).not.toContain(disabled[0]!.code);
    }
  });

  it("keeps the resource's filters and paging on a scenario path", async () => {
    const res = await page(clerk, VIEWS.collectAndTransfer, { keyword: '脐橙', pageSize: 5 });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.every((r) => r.name.includes('脐橙') || r.code.includes('脐橙'))).toBe(true);
    const bad = await page(clerk, VIEWS.shelf, { pageSize: 501 });
    expect(bad.status).toBe(400);
    expect(bad.body.result.success).toBe(false);
  });

  it('checks each path against its own permission', async () => {
    // The transfer page picks through the collect-and-transfer list, and only there.
    expect((await page(transfers, VIEWS.collectAndTransfer)).status).toBe(200);
    for (const path of [VIEWS.promotion, VIEWS.delivery, VIEWS.shelf]) {
      const res = await page(transfers, path);
      expect(res.status, path).toBe(401);
      expect(res.body.result.success).toBe(false);
    }
  });
});
