import type { RouteEntry } from '../../runtime/subapp/route-map';

/**
 * The admin app's own pages with their titles and meta; the build writes them into its map file
 * (/subapps/admin/map.json) before the menu's pages. Pure data: the build reads it in Node.
 */
export const ADMIN_BUILTIN_ROUTES: RouteEntry[] = [
  { path: '/admin/home', title: '首页' },
  // The personal centre always shows fresh data (SPEC 2.9); its forms are not worth restoring.
  { path: '/admin/personalCenter', title: '个人中心', meta: { ignoreCache: true } },
];
