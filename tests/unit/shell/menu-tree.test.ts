import { describe, expect, it } from 'vitest';
import {
  ancestorKeys,
  buildMenuTree,
  filterMenuTree,
  groupKeys,
  type MenuEntry,
  menuPages,
  menuTrail,
  permissionTitle,
} from '@/runtime/menu';
import { parseSidebarState } from '@/runtime/menu/sidebar-state';

const entries: MenuEntry[] = [
  { id: 1, parentId: null, name: '系统管理', uri: null, menuClass: 1, app: 'admin' },
  { id: 2, parentId: 1, name: '用户权限', uri: null, menuClass: 1, app: 'admin' },
  { id: 3, parentId: 2, name: '用户管理', uri: '/admin/system/userList', menuClass: 2, app: 'admin' },
  { id: 4, parentId: 3, name: '新增用户', uri: null, menuClass: 3, app: 'admin' },
  { id: 5, parentId: 2, name: '角色管理', uri: '/admin/system/roleList', menuClass: 2, app: 'admin' },
  { id: 6, parentId: 1, name: '空分组', uri: null, menuClass: 1, app: 'admin' },
  { id: 10, parentId: null, name: '配送管理', uri: null, menuClass: 1, app: 'dacang' },
  { id: 11, parentId: 10, name: '拣货分拣', uri: null, menuClass: 1, app: 'dacang' },
  { id: 12, parentId: 11, name: '拣货单', uri: '/distribution/pickOrderList', menuClass: 2, app: 'dacang' },
  // A parent the user does not hold: the page still shows, at the top.
  { id: 20, parentId: 99, name: '孤立页面', uri: '/warehouse/putawayList', menuClass: 2, app: 'admin' },
];

// SPEC 2.11: the three-level sidebar tree and its search.
describe('the menu tree', () => {
  const tree = buildMenuTree(entries);

  it('three levels from the flat list; buttons and empty groups left out; paths resolved', () => {
    expect(tree).toEqual([
      {
        key: '1',
        name: '系统管理',
        children: [
          {
            key: '2',
            name: '用户权限',
            children: [
              { key: '3', name: '用户管理', path: '/admin/system/userList' },
              { key: '5', name: '角色管理', path: '/admin/system/roleList' },
            ],
          },
        ],
      },
      {
        key: '10',
        name: '配送管理',
        children: [
          {
            key: '11',
            name: '拣货分拣',
            children: [{ key: '12', name: '拣货单', path: '/dacang/distribution/pickOrderList' }],
          },
        ],
      },
      { key: '20', name: '孤立页面', path: '/dacang/warehouse/putawayList' },
    ]);
  });

  it('levels below the third are not shown', () => {
    const deep = buildMenuTree([
      { id: 1, parentId: null, name: 'A', menuClass: 1 },
      { id: 2, parentId: 1, name: 'B', menuClass: 1 },
      { id: 3, parentId: 2, name: 'C', menuClass: 1 },
      { id: 4, parentId: 3, name: 'D', uri: '/admin/d', menuClass: 2 },
    ]);
    expect(deep).toEqual([]);
  });

  it('search keeps matches and their ancestors, case-insensitively; a matching group keeps its pages', () => {
    expect(filterMenuTree(tree, '角色')).toEqual([
      {
        key: '1',
        name: '系统管理',
        children: [
          {
            key: '2',
            name: '用户权限',
            children: [{ key: '5', name: '角色管理', path: '/admin/system/roleList' }],
          },
        ],
      },
    ]);
    expect(menuPages(filterMenuTree(tree, '用户权限')).map((p) => p.name)).toEqual(['用户管理', '角色管理']);
    expect(filterMenuTree(tree, '没有这个')).toEqual([]);
    expect(filterMenuTree(tree, '  ')).toBe(tree);
    expect(filterMenuTree([{ key: 'x', name: 'Report', path: '/admin/r' }], 'rep')).toHaveLength(1);
  });

  it('group keys, ancestors and the breadcrumb of a page', () => {
    expect(groupKeys(tree)).toEqual(['1', '2', '10', '11']);
    expect(ancestorKeys(tree, '/dacang/distribution/pickOrderList')).toEqual(['10', '11']);
    expect(ancestorKeys(tree, '/admin/nowhere')).toEqual([]);
    expect(menuTrail(tree, '/ADMIN/system/roleList')).toEqual(['系统管理', '用户权限', '角色管理']);
  });

  it('the permission title of a path (tab titles)', () => {
    expect(permissionTitle(entries, '/dacang/distribution/pickOrderList')).toBe('拣货单');
    expect(permissionTitle(entries, '/admin/system/userlist')).toBe('用户管理');
    expect(permissionTitle(entries, '/admin/home')).toBeUndefined();
  });

  it('the sidebar cookie: unreadable values are the default', () => {
    expect(parseSidebarState(JSON.stringify({ collapsed: true, openKeys: ['1', 2, '10'] }))).toEqual({
      collapsed: true,
      openKeys: ['1', '10'],
    });
    expect(parseSidebarState('{oops')).toEqual({ collapsed: false, openKeys: [] });
    expect(parseSidebarState(undefined)).toEqual({ collapsed: false, openKeys: [] });
  });
});
