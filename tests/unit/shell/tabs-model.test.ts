import { describe, expect, it } from 'vitest';
import {
  canOpenTab,
  closeTabs,
  nextActive,
  openTab,
  removedPaths,
  resolveTabTitle,
  type Tab,
  TAB_LIMIT,
  withHome,
} from '@/runtime/tabs';

const HOME = '/admin/home';
const tab = (path: string, title = path): Tab => ({ path, fullPath: path, title });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

// SPEC 2.11, 4, 5: the tab list rules.
describe('tabs', () => {
  const tabs = withHome(
    [tab('/admin/a'), tab('/admin/b'), tab('/dacang/c'), tab('/dacang/d')],
    tab(HOME, '首页'),
  );

  it('the home tab is always first', () => {
    expect(paths(tabs)).toEqual([HOME, '/admin/a', '/admin/b', '/dacang/c', '/dacang/d']);
    expect(paths(withHome([tab('/admin/a'), tab(HOME)], tab(HOME)))).toEqual([HOME, '/admin/a']);
  });

  it('opening: new tabs go last; an open tab keeps its place and takes the new query', () => {
    expect(paths(openTab(tabs, '/admin/e', 'E'))).toEqual([...paths(tabs), '/admin/e']);
    const again = openTab(tabs, '/admin/a?page=2', 'A');
    expect(paths(again)).toEqual(paths(tabs));
    expect(again[1]).toEqual({ path: '/admin/a', fullPath: '/admin/a?page=2', title: 'A' });
    expect(openTab(tabs, '/ADMIN/A/', 'A').length).toBe(tabs.length);
  });

  it('SPEC 5: at most 20 tabs; an open tab does not count', () => {
    expect(TAB_LIMIT).toBe(20);
    const full = Array.from({ length: 20 }, (_, i) => tab(`/admin/p${i}`));
    expect(canOpenTab(full, '/admin/new')).toBe(false);
    expect(openTab(full, '/admin/new', 'N')).toBe(full);
    expect(canOpenTab(full, '/admin/p7?x=1')).toBe(true);
    expect(canOpenTab(full.slice(1), '/admin/new')).toBe(true);
  });

  it('close current, others, left, right; home survives each', () => {
    expect(paths(closeTabs(tabs, '/admin/b', 'current', HOME))).toEqual([
      HOME,
      '/admin/a',
      '/dacang/c',
      '/dacang/d',
    ]);
    expect(paths(closeTabs(tabs, '/admin/b', 'others', HOME))).toEqual([HOME, '/admin/b']);
    expect(paths(closeTabs(tabs, '/dacang/c', 'left', HOME))).toEqual([HOME, '/dacang/c', '/dacang/d']);
    expect(paths(closeTabs(tabs, '/admin/b', 'right', HOME))).toEqual([HOME, '/admin/a', '/admin/b']);
    expect(paths(closeTabs(tabs, HOME, 'current', HOME))).toEqual(paths(tabs));
    expect(paths(closeTabs(tabs, HOME, 'others', HOME))).toEqual([HOME]);
    expect(closeTabs(tabs, '/nope', 'current', HOME)).toBe(tabs);
  });

  it('after closing the active tab the nearest survivor on its left is shown', () => {
    const after = closeTabs(tabs, '/dacang/c', 'current', HOME);
    expect(nextActive(tabs, after, '/dacang/c')?.path).toBe('/admin/b');
    expect(nextActive(tabs, after, '/dacang/d')?.path).toBe('/dacang/d');
    const right = closeTabs(tabs, '/admin/a', 'right', HOME);
    expect(nextActive(tabs, right, '/dacang/d')?.path).toBe('/admin/a');
  });

  it('removedPaths names what lost its kept state', () => {
    expect(removedPaths(tabs, closeTabs(tabs, '/admin/b', 'right', HOME))).toEqual([
      '/dacang/c',
      '/dacang/d',
    ]);
  });

  it('titles: permission entry, else route title, else 未命名', () => {
    expect(resolveTabTitle('用户管理', '用户列表')).toBe('用户管理');
    expect(resolveTabTitle(undefined, '首页')).toBe('首页');
    expect(resolveTabTitle('  ', '')).toBe('未命名');
    expect(resolveTabTitle()).toBe('未命名');
  });

  it('a path its app does not own is titled like the 404 page it shows (issue 22.2)', () => {
    expect(resolveTabTitle(undefined, undefined, true)).toBe('页面不存在');
    // A permission entry still names it (a menu page not built yet shows the 404 under its name).
    expect(resolveTabTitle('拣货单', undefined, true)).toBe('拣货单');
  });
});
