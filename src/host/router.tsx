import { createBrowserRouter, Navigate } from 'react-router-dom';
import { schemaHarnessRoute } from '@/renderer/harness/route';
import { panelsHarnessRoute } from './panels/harness/route';
import { authRoutes } from './auth-routes';
import { PageLoading } from './layout/PageLoading';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { printRoutes } from './print-routes';
import { lazyPage, shellRoutes } from './shell-routes';

/**
 * Host routes (SPEC 2.1). Every page is a lazy chunk, so a first visit downloads only its own code.
 * Pages needing no authentication are listed in NO_AUTH_PATHS (the guard reads it).
 */
export const NO_AUTH_PATHS = [
  '/login',
  '/retrieve',
  '/checkPage',
  '/verificationAbnormal',
  '/verificationPhone',
  '/chooseMd',
  '/chooseProject',
  '/userCenter',
  '/404',
];

/**
 * One error element for every route: a lazy chunk that failed to load asks to reload (SPEC 8).
 * Print pages and the sign-in pages are host routes, never sub-app paths.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      ...authRoutes,
      ...shellRoutes,
      ...printRoutes,
      { path: '/404', lazy: lazyPage(() => import('./pages/NotFoundPage')) },
      // QA harness: one schema page without the layout (src/renderer/harness, scripts/snapshots).
      schemaHarnessRoute,
      // QA harness of the layout's panels (src/host/panels/harness).
      panelsHarnessRoute,
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
