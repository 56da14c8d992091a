import { Outlet, type RouteObject } from 'react-router-dom';
import { lazyPage } from '@/runtime/chunk/lazy-page';
import { RequireAuth } from '@/runtime/guard';

/**
 * The sign-in and identity pages (SPEC 2.2–2.9), spread into the host routes. Every page is a lazy chunk.
 * All but /personalCenter are no-auth pages, outside the route guard: their calls need a token or not
 * as the server says. /personalCenter sits behind the route guard.
 */
const LoginPage = lazyPage(() => import('./pages/login/LoginPage'));
const RetrievePage = lazyPage(() => import('./pages/retrieve/RetrievePage'));
const CheckPage = lazyPage(() => import('./pages/checkPage/CheckPage'));
const VerificationAbnormalPage = lazyPage(() => import('./pages/verification/VerificationAbnormalPage'));
const VerificationPhonePage = lazyPage(() => import('./pages/verification/VerificationPhonePage'));
const ChooseProjectPage = lazyPage(() => import('./pages/chooseProject/ChooseProjectPage'));
const ChooseMdPage = lazyPage(() => import('./pages/chooseMd/ChooseMdPage'));
/** The personal centre (SPEC 2.9), also for the layout's /admin/personalCenter. */
const PersonalCenterPage = lazyPage(() => import('./pages/userCenter/UserCenterPage'));

export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/retrieve', element: <RetrievePage /> },
  { path: '/checkPage', element: <CheckPage /> },
  { path: '/verificationAbnormal', element: <VerificationAbnormalPage /> },
  { path: '/verificationPhone', element: <VerificationPhonePage /> },
  { path: '/chooseProject', element: <ChooseProjectPage /> },
  { path: '/chooseMd', element: <ChooseMdPage /> },
  { path: '/userCenter', element: <PersonalCenterPage /> },
  {
    path: '/personalCenter',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [{ index: true, element: <PersonalCenterPage /> }],
  },
];
