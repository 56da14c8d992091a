import { matchPath } from 'react-router-dom';
import { pathOnly } from './apps';

/**
 * The built-in list of dacang paths (SPEC 2.11): a menu uri without an app prefix opens under /dacang
 * when it matches one of these patterns, else under /admin. This file is the one place the list lives;
 * patterns use react-router's syntax (`:param?` optional, `*` the rest) and match case-insensitively.
 * Grouped by family so the unit tests (tests/unit/shell/dacang-paths.test.ts) cover each one.
 */
export const DACANG_PATH_FAMILIES = {
  warehouse: [
    '/warehouse/*',
    '/storage/*',
    '/stocktake/*',
    '/allocateTransfer/*',
    '/inventory/stockQuery/:warehouseId?',
    '/inventory/stockFlow/:commodityCode?',
  ],
  purchase: [
    '/purchase/*',
    '/tender/*',
    '/supplier/returnOrderList',
    '/supplier/returnOrderDetail/:id/:mode?',
  ],
  distribution: ['/distribution/*', '/delivery/*', '/sorting/*', '/transport/route/:routeId?'],
  factoryProduction: ['/factory/*', '/production/*', '/processing/planList/:date?'],
  monitoring: ['/monitor/*', '/camera/*', '/aiStore/*', '/device/priceTag/:shopId?'],
  cloudSupermarket: [
    '/cloudSupermarket/*',
    '/cloudMarket/*',
    '/order/cloudOrderList/:status?',
    '/order/cloudOrderDetail/:orderCode',
  ],
  nakedPrice: ['/nakedPrice/*', '/price/nakedPriceList/:shopId?'],
  tongDaStore: ['/tongDaStore/*', '/shop/tongDa/:shopId?/:tab?'],
  warehouseReports: ['/report/warehouse/*', '/report/purchase/*', '/report/distribution/:kind?'],
} as const satisfies Record<string, readonly string[]>;

export type DacangPathFamily = keyof typeof DACANG_PATH_FAMILIES;

export const DACANG_PATTERNS: readonly string[] = Object.values(DACANG_PATH_FAMILIES).flat();

/** True when a path (without the /dacang prefix; query ignored) is one of the built-in dacang paths. */
export function isDacangPath(path: string): boolean {
  const bare = pathOnly(path.startsWith('/') ? path : `/${path}`);
  return DACANG_PATTERNS.some((pattern) =>
    matchPath({ path: pattern, caseSensitive: false, end: true }, bare),
  );
}
