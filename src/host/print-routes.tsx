import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { RequireAuth } from '@/runtime/guard';
import { useLightOnly } from '@/runtime/theme';

const SchemaPrintPage = lazyPage(() => import('@/print/pages/SchemaPrintPage'));

/** Paper is white: a print page and its preview stay light in the dark theme (issue 20.6). */
function LightOnly({ children }: { children: ReactNode }) {
  useLightOnly();
  return <>{children}</>;
}

/**
 * The print pages (SPEC 2.14): served by the host itself, without the layout (no menu, tabs or
 * watermark on paper), signed-in users only (the route guard). Every one is the generic print page
 * (one lazy chunk), which finds the print file of schemas/prints whose `route` matches the path (the
 * SPEC routes; a file without one is at /print/doc/{name}/{key}): src/print/README.md. Spread into the
 * host routes (router.tsx).
 */
export const printRoutes: RouteObject[] = [
  {
    element: (
      <LightOnly>
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      </LightOnly>
    ),
    children: [{ path: '/print/*', element: <SchemaPrintPage /> }],
  },
];
