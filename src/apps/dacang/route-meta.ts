import type { RouteEntry } from '../../runtime/subapp/route-map';

/** The dacang app's own pages (see src/apps/admin/route-meta.ts). */
export const DACANG_BUILTIN_ROUTES: RouteEntry[] = [{ path: '/dacang/home', title: '大仓首页' }];
