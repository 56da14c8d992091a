import { type ComponentType, lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '@/runtime/guard';

/**
 * The sign-in and identity pages (SPEC 2.2–2.9), spread into the host router. Every page is a lazy chunk.
 * All but /personalCenter are no-auth pages (router.tsx NO_AUTH_PATHS): their calls need a token or not
 * as the server says. /personalCenter is not on that list, so it sits behind the route guard.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The personal centre (SPEC 2.9), also for the layout's /admin/personalCenter. */
export const loadPersonalCenterPage = () => import('./pages/userCenter/UserCenterPage');
export const PersonalCenterPage = lazy(loadPersonalCenterPage);

export const authRoutes: RouteObject[] = [
  { path: '/login', lazy: page(() => import('./pages/login/LoginPage')) },
  { path: '/retrieve', lazy: page(() => import('./pages/retrieve/RetrievePage')) },
  { path: '/checkPage', lazy: page(() => import('./pages/checkPage/CheckPage')) },
  {
    path: '/verificationAbnormal',
    lazy: page(() => import('./pages/verification/VerificationAbnormalPage')),
  },
  { path: '/verificationPhone', lazy: page(() => import('./pages/verification/VerificationPhonePage')) },
  { path: '/chooseProject', lazy: page(() => import('./pages/chooseProject/ChooseProjectPage')) },
  { path: '/chooseMd', lazy: page(() => import('./pages/chooseMd/ChooseMdPage')) },
  { path: '/userCenter', lazy: page(loadPersonalCenterPage) },
  {
    path: '/personalCenter',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ index: true, lazy: page(loadPersonalCenterPage) }],
  },
];
