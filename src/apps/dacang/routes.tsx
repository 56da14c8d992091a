import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { RendererBridge } from '../shared/RendererBridge';
import { dacangPageFiles } from '@/renderer/page-files-dacang';
import { schemaRoutes } from '../shared/schema-routes';

const DacangHome = lazyPage(() => import('./home/DacangHome'));
const AppNotFound = lazyPage(() => import('../shared/AppNotFound'));

/** The dacang app's pages under /dacang (titles and meta: ./route-meta.ts; list pages: schemas/pages/dacang). */
export const dacangRoutes: RouteObject[] = [
  {
    element: (
      <RendererBridge>
        <Outlet />
      </RendererBridge>
    ),
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: 'home', element: <DacangHome /> },
      ...schemaRoutes('dacang', dacangPageFiles),
      { path: '*', element: <AppNotFound /> },
    ],
  },
];
