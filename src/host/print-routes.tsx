import type { ComponentType } from 'react';
import { Outlet, type RouteObject, useParams } from 'react-router-dom';
import { withChunkTimeout } from '@/runtime/chunk';
import { RequireAuth } from '@/runtime/guard';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

/**
 * The print pages (SPEC 2.14): served by the host itself, without the layout (no menu, tabs or
 * watermark on paper), signed-in users only (the route guard). Every one is the generic print page
 * (one lazy chunk) rendering a print file of schemas/prints; what each prints and where its data come
 * from: src/print/README.md. Spread into the host router (router.tsx).
 */
export const PRINT_PATHS = {
  pick: '/print/pickPC/:pickOrderCode',
  unpicked: '/print/UnPickOrderPrint/:pickOrderCode',
  stockOut: '/print/StockOutPrint/:orderCode',
  receive: '/print/reveiveAdd/:receiveCode',
  unupList: '/print/unupList/:param',
  replenishment: '/print/replenishmentPC/:param',
  undelivered: '/print/UndeliveredPrint/:param',
  transfer: '/print/allocateTransfer/transferOrderPrint/:orderCode',
  obtain: '/print/finance/print/:id',
  /** A document declared in schemas/prints (issue 12.10). */
  schema: '/print/doc/:name/:id',
} as const;

/** The print file each SPEC route renders, and the route parameter it passes on. */
const SPEC_PRINTS: [path: string, file: string, param: string][] = [
  [PRINT_PATHS.pick, 'pickPC', 'pickOrderCode'],
  [PRINT_PATHS.unpicked, 'unPickOrder', 'pickOrderCode'],
  [PRINT_PATHS.stockOut, 'stockOut', 'orderCode'],
  [PRINT_PATHS.receive, 'receive', 'receiveCode'],
  [PRINT_PATHS.unupList, 'unupList', 'param'],
  [PRINT_PATHS.replenishment, 'replenishment', 'param'],
  [PRINT_PATHS.undelivered, 'undelivered', 'param'],
  [PRINT_PATHS.transfer, 'transfer', 'orderCode'],
  [PRINT_PATHS.obtain, 'obtainOrder', 'id'],
];

/** A SPEC route: the generic page with its print file and the route's parameter. */
const specPrint = (file: string, param: string) =>
  page(async () => {
    const { PrintFilePage } = await import('@/print/pages/SchemaPrintPage');
    return {
      default: function SpecPrintPage() {
        return <PrintFilePage name={file} param={useParams()[param] ?? ''} />;
      },
    };
  });

export const printRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: PRINT_PATHS.schema, lazy: page(() => import('@/print/pages/SchemaPrintPage')) },
      ...SPEC_PRINTS.map(([path, file, param]) => ({ path, lazy: specPrint(file, param) })),
    ],
  },
];
