import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ExportCenterPage } from '@/host/panels/lazy';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { RendererBridge } from '../shared/RendererBridge';
import { adminPageFiles } from '@/renderer/page-files-admin';
import { schemaRoutes } from '../shared/schema-routes';

const AdminHome = lazyPage(() => import('./home/AdminHome'));
const AppNotFound = lazyPage(() => import('../shared/AppNotFound'));
// The host's personal centre page (SPEC 2.9: also /admin/personalCenter, inside the layout).
const PersonalCenter = lazyPage(() => import('@/host/pages/userCenter/UserCenterPage'));

/** The admin app's pages under /admin (titles and meta: ./route-meta.ts; list pages: schemas/pages/admin). */
export const adminRoutes: RouteObject[] = [
  {
    element: (
      <RendererBridge>
        <Outlet />
      </RendererBridge>
    ),
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: 'home', element: <AdminHome /> },
      { path: 'personalCenter', element: <PersonalCenter /> },
      // SPEC 2.11 data export centre (src/host/panels/exports).
      { path: 'importExport/exportCenterList', element: <ExportCenterPage /> },
      // Issue 23.2: the import centre beside it (the same page over import jobs).
      { path: 'importExport/importCenterList', element: <ExportCenterPage kind="import" /> },
      { path: 'importExport/batchCenterList', element: <ExportCenterPage kind="batch" /> },
      ...schemaRoutes('admin', adminPageFiles),
      { path: '*', element: <AppNotFound /> },
    ],
  },
];
