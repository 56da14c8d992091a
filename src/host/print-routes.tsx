import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { withChunkTimeout } from '@/runtime/chunk';
import { RequireAuth } from '@/runtime/guard';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

/**
 * The print pages (SPEC 2.14): served by the host itself, without the layout (no menu, tabs or
 * watermark on paper), each a lazy chunk, signed-in users only (the route guard). What each prints and
 * where its data come from: src/print/README.md. Spread into the host router (router.tsx).
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

export const printRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      { path: PRINT_PATHS.pick, lazy: page(() => import('@/print/pages/PickPrintPage')) },
      { path: PRINT_PATHS.unpicked, lazy: page(() => import('@/print/pages/UnPickOrderPrintPage')) },
      { path: PRINT_PATHS.schema, lazy: page(() => import('@/print/pages/SchemaPrintPage')) },
      { path: PRINT_PATHS.stockOut, lazy: page(() => import('@/print/pages/StockOutPrintPage')) },
      { path: PRINT_PATHS.receive, lazy: page(() => import('@/print/pages/ReceivePrintPage')) },
      { path: PRINT_PATHS.unupList, lazy: page(() => import('@/print/pages/UnupListPrintPage')) },
      { path: PRINT_PATHS.replenishment, lazy: page(() => import('@/print/pages/ReplenishmentPrintPage')) },
      { path: PRINT_PATHS.undelivered, lazy: page(() => import('@/print/pages/UndeliveredPrintPage')) },
      { path: PRINT_PATHS.transfer, lazy: page(() => import('@/print/pages/TransferOrderPrintPage')) },
      { path: PRINT_PATHS.obtain, lazy: page(() => import('@/print/pages/ObtainOrderPrintPage')) },
    ],
  },
];
