import { createBrowserRouter, Navigate } from 'react-router-dom';
import { schemaHarnessRoute } from '@/renderer/harness/route';
import { panelsHarnessRoute } from './panels/harness/route';
import { printRoutes } from './print-routes';

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

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', lazy: page(() => import('./pages/login/LoginPage')) },
  { path: '/404', lazy: page(() => import('./pages/NotFoundPage')) },
  ...printRoutes,
  // QA harness: one schema page without the layout (src/renderer/harness, scripts/snapshots).
  schemaHarnessRoute,
  // QA harness of the layout's panels (src/host/panels/harness).
  panelsHarnessRoute,
  { path: '*', element: <Navigate to="/404" replace /> },
]);
