import { describe, expect, it } from 'vitest';
import { menusOf } from '../../../src/schema/menu';
import { readSchemaFiles } from '../../../src/schema/node/files';

const seedMenus = menusOf(readSchemaFiles('schemas').files).map((m) => ({ app: m.name, tree: m.tree }));
import { ADMIN_BUILTIN_ROUTES } from '@/apps/admin/route-meta';
import { DACANG_BUILTIN_ROUTES } from '@/apps/dacang/route-meta';
import { findRoute, isRouteMap, type RouteMap } from '@/runtime/subapp/route-map';
import { buildRouteMap } from '@/runtime/subapp/route-map-build';

// The map file each sub-app publishes (/subapps/<app>/map.json), as the build writes it.
describe('route maps', () => {
  const admin = buildRouteMap('admin', { builtin: ADMIN_BUILTIN_ROUTES, menus: seedMenus, pages: [] });
  const dacang = buildRouteMap('dacang', { builtin: DACANG_BUILTIN_ROUTES, menus: seedMenus, pages: [] });

  it('built-in pages first, then the menu pages under the app prefix, buttons left out', () => {
    expect(admin.routes.slice(0, 2)).toEqual(ADMIN_BUILTIN_ROUTES);
    expect(admin.routes.map((r) => r.path)).toContain('/admin/importExport/exportCenterList');
    expect(admin.routes.every((r) => r.path.startsWith('/admin/'))).toBe(true);
    expect(dacang.routes[0]).toEqual({ path: '/dacang/home', title: '大仓首页' });
    expect(findRoute(dacang, '/dacang/distribution/pickOrderList')?.title).toBe('拣货单');
    expect(dacang.routes.every((r) => r.path.startsWith('/dacang/'))).toBe(true);
  });

  it('schema list pages join with their titles; the first title of a path wins', () => {
    const map = buildRouteMap('dacang', {
      builtin: [],
      menus: [],
      pages: [
        { title: '拣货单列表', menu: { uri: '/dacang/distribution/pickOrderList' } },
        { title: '另一个标题', menu: { uri: '/dacang/distribution/pickOrderList' } },
        { title: '管理端页面', menu: { uri: '/admin/system/userList' } },
      ],
    });
    expect(map.routes).toEqual([{ path: '/dacang/distribution/pickOrderList', title: '拣货单列表' }]);
  });

  it('a page reached by links joins with its route pattern, which findRoute matches', () => {
    const map = buildRouteMap('admin', {
      builtin: [],
      menus: [],
      pages: [
        {
          title: '日志详情',
          menu: { uri: '/admin/system/operationLogList', route: { path: '/admin/log/LogDetail/:tableName' } },
        },
      ],
    });
    expect(map.routes).toEqual([{ path: '/admin/log/LogDetail/:tableName', title: '日志详情' }]);
    expect(findRoute(map, '/admin/log/LogDetail/category?entityId=3')?.title).toBe('日志详情');
  });

  it('findRoute: exact paths first, then patterns; query and letter case ignored', () => {
    const map: RouteMap = {
      app: 'admin',
      routes: [
        { path: '/admin/log/LogDetail/:tableName', title: '日志详情', meta: { noWatermark: true } },
        { path: '/admin/log/LogDetail/user', title: '用户日志' },
      ],
    };
    expect(findRoute(map, '/admin/log/logdetail/user?x=1')?.title).toBe('用户日志');
    expect(findRoute(map, '/admin/log/LogDetail/role')?.meta).toEqual({ noWatermark: true });
    expect(findRoute(map, '/admin/other')).toBeUndefined();
    expect(findRoute(undefined, '/admin/home')).toBeUndefined();
  });

  it('isRouteMap accepts only well-formed maps', () => {
    expect(isRouteMap(admin)).toBe(true);
    expect(isRouteMap({ app: 'admin', routes: [{ path: '/a' }] })).toBe(false);
    expect(isRouteMap('nope')).toBe(false);
  });
});
