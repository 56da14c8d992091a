import { Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { schemaHarnessRoute } from '@/renderer/harness/route';
import { ChunkErrorBoundary } from '@/runtime/chunk/ChunkErrorBoundary';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { panelsHarnessRoute } from './panels/harness/route';
import { authRoutes } from './auth-routes';
import { PageLoading } from './layout/PageLoading';
import { printRoutes } from './print-routes';
import { shellRoutes } from './shell-routes';

const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));

/**
 * Host routes (SPEC 2.1). Every page is a lazy chunk, so a first visit downloads only its own code.
 * The pages needing no authentication are the routes outside the route guard (RequireAuth). Print
 * pages and the sign-in pages are host routes, never sub-app paths.
 */
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  ...authRoutes,
  ...shellRoutes,
  ...printRoutes,
  { path: '/404', element: <NotFoundPage /> },
  // QA harness: one schema page without the layout (src/renderer/harness, scripts/snapshots).
  schemaHarnessRoute,
  // QA harness of the layout's panels (src/host/panels/harness).
  panelsHarnessRoute,
  { path: '*', element: <Navigate to="/404" replace /> },
];

/**
 * The host's pages, in the declarative router (BrowserRouter, HostApp.tsx): react-router's data router
 * would add about 19 KB gzip to every first visit for features the console does not use (loaders,
 * actions, fetchers); the tab limit's blocker is the layout's own (use-tabs.ts). The router moves in a
 * transition, so the page on screen stays until the next page's chunk is there; the first visit shows
 * the spinner meanwhile. One error boundary for every page: a chunk that failed to load asks to reload
 * (SPEC 8); reset when the path changes (not keyed by it: the layout would be drawn anew).
 */
export function HostRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </ChunkErrorBoundary>
  );
}
