import { describe, expect, it } from 'vitest';
import { menuPath } from '@/runtime/menu';
import { DACANG_PATH_FAMILIES, type DacangPathFamily, isDacangPath } from '@/runtime/subapp/dacang-paths';

/**
 * SPEC 2.11: menu items open under /dacang when their app is dacang or their uri matches the built-in
 * list; all others under /admin. Every family of the list has its own cases here.
 */
const CASES: Record<DacangPathFamily, { yes: string[]; no: string[] }> = {
  warehouse: {
    yes: [
      '/warehouse/receiveOrderList',
      '/Warehouse/StockOutOrderList',
      '/storage/shelfList',
      '/stocktake/taskList/12',
      '/allocateTransfer/transferApplyList',
      '/inventory/stockQuery',
      '/inventory/stockQuery/21',
      '/inventory/stockFlow/C1001',
    ],
    no: ['/inventory/stockQuery/21/extra', '/inventoryX/stockQuery', '/warehouses/list'],
  },
  purchase: {
    yes: [
      '/purchase/purchaseOrderList',
      '/PURCHASE/orderDetail/9',
      '/tender/list',
      '/supplier/returnOrderList',
      '/supplier/returnOrderDetail/7',
      '/supplier/returnOrderDetail/7/edit',
    ],
    no: ['/supplier/returnOrderDetail', '/supplier/list', '/purchased/list'],
  },
  distribution: {
    yes: [
      '/distribution/pickOrderList',
      '/delivery/batchList',
      '/sorting/taskList',
      '/transport/route',
      '/transport/route/3',
    ],
    no: ['/transport/vehicles', '/transport/route/3/stops'],
  },
  factoryProduction: {
    yes: [
      '/factory/workshopList',
      '/production/orderList',
      '/processing/planList',
      '/processing/planList/2026-03-01',
    ],
    no: ['/processing/recipes'],
  },
  monitoring: {
    yes: [
      '/monitor/ycWaitCollectOrder',
      '/camera/list',
      '/aiStore/alarmList',
      '/device/priceTag',
      '/device/priceTag/11',
    ],
    no: ['/device/list', '/monitoring/list'],
  },
  cloudSupermarket: {
    yes: [
      '/cloudSupermarket/orderList',
      '/cloudMarket/goods',
      '/order/cloudOrderList',
      '/order/cloudOrderList/2',
      '/order/cloudOrderDetail/YC2026',
    ],
    no: ['/order/cloudOrderDetail', '/order/groupBuyList'],
  },
  nakedPrice: {
    yes: ['/nakedPrice/list', '/NakedPrice/Edit/3', '/price/nakedPriceList', '/price/nakedPriceList/11'],
    no: ['/price/tagList'],
  },
  tongDaStore: {
    yes: ['/tongDaStore/orderList', '/shop/tongDa', '/shop/tongDa/11', '/shop/tongDa/11/orders'],
    no: ['/shop/waitDeliverList', '/shop/tongDa/11/orders/3'],
  },
  warehouseReports: {
    yes: [
      '/report/warehouse/stockDaily',
      '/report/purchase/monthly',
      '/report/distribution',
      '/report/distribution/daily',
    ],
    no: ['/report/sales/daily', '/report/distribution/daily/extra'],
  },
};

describe('the built-in dacang path list', () => {
  it('has cases for every family', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(DACANG_PATH_FAMILIES).sort());
  });

  for (const [family, { yes, no }] of Object.entries(CASES)) {
    it(`${family}: matches its paths (optional parameters, any letter case) and nothing else`, () => {
      for (const path of yes) expect(isDacangPath(path), path).toBe(true);
      for (const path of no) expect(isDacangPath(path), path).toBe(false);
    });
  }

  it('ignores the query, a trailing slash and a missing leading slash', () => {
    expect(isDacangPath('/distribution/pickOrderList?status=10')).toBe(true);
    expect(isDacangPath('/distribution/pickOrderList/')).toBe(true);
    expect(isDacangPath('distribution/pickOrderList')).toBe(true);
  });

  it('admin paths are not dacang paths', () => {
    for (const path of ['/system/userList', '/msg/systemNoticeList', '/importExport/exportCenterList', '/']) {
      expect(isDacangPath(path), path).toBe(false);
    }
  });
});

describe('menuPath: where a menu entry opens', () => {
  it('keeps an /admin or /dacang prefix already there', () => {
    expect(menuPath({ uri: '/admin/system/userList', app: 'admin' })).toBe('/admin/system/userList');
    expect(menuPath({ uri: '/dacang/distribution/pickOrderList', app: 'dacang' })).toBe(
      '/dacang/distribution/pickOrderList',
    );
    // The prefix wins over the app: the uri says where the page lives.
    expect(menuPath({ uri: '/admin/system/userList', app: 'dacang' })).toBe('/admin/system/userList');
  });

  it('opens under /dacang for the dacang app, or a uri on the built-in list', () => {
    expect(menuPath({ uri: '/custom/page', app: 'dacang' })).toBe('/dacang/custom/page');
    expect(menuPath({ uri: '/warehouse/putawayList', app: 'admin' })).toBe('/dacang/warehouse/putawayList');
    expect(menuPath({ uri: 'nakedPrice/list' })).toBe('/dacang/nakedPrice/list');
  });

  it('opens everything else under /admin', () => {
    expect(menuPath({ uri: '/system/roleList', app: 'admin' })).toBe('/admin/system/roleList');
    expect(menuPath({ uri: '/shop/waitDeliverList' })).toBe('/admin/shop/waitDeliverList');
  });

  it('groups have no path; external links stay as they are', () => {
    expect(menuPath({ uri: null })).toBeUndefined();
    expect(menuPath({ uri: '  ' })).toBeUndefined();
    expect(menuPath({ uri: 'https://example.com/report' })).toBe('https://example.com/report');
  });
});
