import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { withChunkTimeout } from '@/runtime/chunk';
import { RequireAuth } from '@/runtime/guard';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

/**
 * The print pages (SPEC 2.14): served by the host itself, without the layout (no menu, tabs or
 * watermark on paper), signed-in users only (the route guard). Every one is the generic print page
 * (one lazy chunk), which finds the print file of schemas/prints whose `route` matches the path (the
 * SPEC routes; a file without one is at /print/doc/{name}/{key}): src/print/README.md. Spread into the
 * host router (router.tsx).
 */
export const printRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ path: '/print/*', lazy: page(() => import('@/print/pages/SchemaPrintPage')) }],
  },
];
