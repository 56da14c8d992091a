import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { isEnglish } from '@/i18n';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { RequireAuth } from '@/runtime/guard';
import { HOME_PATH } from '@/runtime/subapp/apps';

// In English, with the menu's English names (no Chinese menu drawn first).
const ShellLayout = lazyPage(() =>
  Promise.all([
    import('./layout/ShellLayout'),
    isEnglish() ? import('@/renderer/menu-english-lazy').then((m) => m.loadEnglishMenuNames()) : undefined,
  ]).then(([layout]) => layout),
);
const RedirectPage = lazyPage(() => import('./layout/RedirectPage'));

/**
 * The main layout and its children (SPEC 2.1), behind the route guard: /home leads to the admin
 * app's home; the paths under /admin and /dacang are shown by the mounted sub-app (the layout's
 * SubAppHost), so their route elements are empty; /redirect/{path} refreshes a tab.
 */
export const shellRoutes: RouteObject[] = [
  {
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        element: <ShellLayout />,
        children: [
          { path: '/home', element: <Navigate to={HOME_PATH} replace /> },
          { path: '/admin', element: <Navigate to="/admin/home" replace /> },
          { path: '/dacang', element: <Navigate to="/dacang/home" replace /> },
          { path: '/admin/*', element: null },
          { path: '/dacang/*', element: null },
          { path: '/redirect/*', element: <RedirectPage /> },
        ],
      },
    ],
  },
];
