import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { isEnglish } from '@/i18n';
import { withChunkTimeout } from '@/runtime/chunk';
import { RequireAuth } from '@/runtime/guard';
import { HOME_PATH } from '@/runtime/subapp/apps';

/** A lazy route component, given up after the chunk timeout (SPEC 9: 120 s). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

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
        // In English, with the menu's English names (no Chinese menu drawn first).
        lazy: lazyPage(() =>
          Promise.all([
            import('./layout/ShellLayout'),
            isEnglish()
              ? import('@/renderer/menu-english-lazy').then((m) => m.loadEnglishMenuNames())
              : undefined,
          ]).then(([layout]) => layout),
        ),
        children: [
          { path: '/home', element: <Navigate to={HOME_PATH} replace /> },
          { path: '/admin', element: <Navigate to="/admin/home" replace /> },
          { path: '/dacang', element: <Navigate to="/dacang/home" replace /> },
          { path: '/admin/*', element: null },
          { path: '/dacang/*', element: null },
          { path: '/redirect/*', lazy: lazyPage(() => import('./layout/RedirectPage')) },
        ],
      },
    ],
  },
];
