import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import {
  base,
  call,
  menuItem,
  openConsole,
  openUserMenu,
  subAppRoots,
  tabTitles,
  topGroupNames,
  waitForApp,
} from './shell-helpers';

/** Counts, from now on, the most sub-app roots ever on the page at once. */
async function watchSubAppCount(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __maxSubApps: number };
    w.__maxSubApps = document.querySelectorAll('[data-subapp]').length;
    new MutationObserver(() => {
      w.__maxSubApps = Math.max(w.__maxSubApps, document.querySelectorAll('[data-subapp]').length);
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __maxSubApps: number }).__maxSubApps);
}

/** Opens groups by their titles, then clicks the page. */
async function openFromMenu(page: Page, groups: string[], name: string) {
  for (const g of groups) {
    const item = page
      .locator('[data-menu-root] .ant-menu-submenu-title')
      .filter({ hasText: new RegExp(`^${g}$`) });
    const li = item.locator('xpath=..');
    if (!(await li.getAttribute('class'))?.includes('ant-menu-submenu-open')) await item.click();
  }
  await menuItem(page, name).click();
}

const topGroups = (page: Page) =>
  page
    .locator('[data-menu-root] .ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));

// Issue 4: the layout, the permission menu and the two sub-apps, in Chromium on the real server.
describe('the application shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('hq001: a three-level menu; pages of both sub-apps open with exactly one sub-app mounted', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await page.locator('[data-todo]').first().waitFor();
    expect(await subAppRoots(page)).toEqual(['admin']);
    expect(await tabTitles(page)).toEqual(['首页']);
    // Every first-level group of both apps, in menu order.
    expect(await topGroups(page)).toEqual(topGroupNames(session));
    expect(topGroupNames(session)).toEqual(
      expect.arrayContaining(['系统管理', '门店运营', '仓储管理', '配送管理']),
    );
    const maxSeen = await watchSubAppCount(page);

    // Level 1 → level 2 → page.
    await openFromMenu(page, ['系统管理', '用户权限'], '用户管理');
    await waitForApp(page, 'admin', '/admin/system/userList');
    await openFromMenu(page, ['仓储管理', '出库管理'], '出库单');
    await waitForApp(page, 'dacang', '/dacang/warehouse/stockOutOrderList');
    expect(await subAppRoots(page)).toEqual(['dacang']);
    await openFromMenu(page, ['配送管理', '拣货分拣'], '拣货单');
    await waitForApp(page, 'dacang', '/dacang/distribution/pickOrderList');
    await page.locator('[data-tab-path="/admin/home"]').click();
    await waitForApp(page, 'admin', '/admin/home');
    expect(await subAppRoots(page)).toEqual(['admin']);
    expect(await maxSeen()).toBe(1);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '出库单', '拣货单']);
    // The menu item of the page on screen is selected, and the breadcrumb names its groups.
    await page.locator('[data-tab-path="/dacang/distribution/pickOrderList"]').click();
    await waitForApp(page, 'dacang');
    await expect(page.locator('.ant-menu-item-selected').textContent()).resolves.toBe('拣货单');
    await expect(page.locator('.ant-breadcrumb').textContent()).resolves.toBe('配送管理/拣货分拣/拣货单');
    await context.close();
  });

  it('the bare prefix and unknown pages: /dacang goes to its home, an unknown dacang page shows 404 inside the app', async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/dacang');
    await waitForApp(page, 'dacang', '/dacang/home');
    await page.getByText('待处理单据').waitFor();
    await page.goto(`${page.url().replace('/dacang/home', '/dacang/no/such/page')}`);
    await waitForApp(page, 'dacang', '/dacang/no/such/page');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    // Titled like the page it shows (issue 22.2).
    await expect.poll(() => tabTitles(page)).toContain('页面不存在');
    await context.close();
  });

  it('wh001 sees only the dacang menus', async () => {
    const { context, page } = await openConsole(browser, 'wh001');
    await waitForApp(page, 'admin', '/admin/home');
    expect(await topGroups(page)).toEqual(['仓储管理', '配送管理']);
    const targets = await page
      .locator('[data-menu-root] .ant-menu-submenu-title')
      .evaluateAll((els) => els.length);
    expect(targets).toBeGreaterThan(0);
    // Every page reachable from wh001's menu lives under /dacang.
    await openFromMenu(page, ['配送管理', '拣货分拣'], '拣货单');
    await waitForApp(page, 'dacang', '/dacang/distribution/pickOrderList');
    // The home page counts only what wh001 may act on; the quick links are dacang pages only.
    await page.locator('[data-tab-path="/admin/home"]').click();
    await page.locator('[data-todo]').first().waitFor();
    const links = await page.locator('[data-home-welcome] ~ div button').allTextContents();
    expect(links.join()).not.toMatch(/用户管理|角色管理/);
    await context.close();
  });

  it('menu search filters after 500 ms and keeps the groups above each match', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    const search = page.getByPlaceholder('搜索菜单');
    // The debounce is timed on the page's own clock: from the input event to the first change of the
    // menu's items. (Timed from here, a busy machine's round trips could outlast the 500 ms before a
    // check that the filter had not yet applied.)
    await page.evaluate(() => {
      const probe: { input?: number; changed?: number } = {};
      (window as unknown as { menuProbe: typeof probe }).menuProbe = probe;
      document.addEventListener('input', () => (probe.input ??= performance.now()), { capture: true });
      const observer = new MutationObserver(() => {
        if (probe.input === undefined) return;
        probe.changed = performance.now();
        observer.disconnect();
      });
      observer.observe(document.querySelector('[data-menu-root]')!, { childList: true, subtree: true });
    });
    await search.fill('拣货');
    await expect.poll(() => topGroups(page), { interval: 50 }).toEqual(['配送管理']);
    const probe = await page.evaluate(
      () => (window as unknown as { menuProbe: { input: number; changed: number } }).menuProbe,
    );
    expect(probe.changed - probe.input).toBeGreaterThanOrEqual(500);
    // The matching page is visible (its groups opened) and opens its page.
    await menuItem(page, '拣货单').click();
    await waitForApp(page, 'dacang', '/dacang/distribution/pickOrderList');
    await search.fill('没有这个菜单');
    await page.getByText('暂无匹配的菜单').waitFor();
    await search.fill('');
    await expect.poll(() => topGroups(page)).toEqual(topGroupNames(session));
    await context.close();
  });

  it('the sidebar keeps its open groups and its collapsed state across a reload (cookie)', async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await openFromMenu(page, ['门店运营', '门店订单'], '待配送订单');
    await waitForApp(page, 'admin', '/admin/shop/waitDeliverList');
    await page.reload();
    await waitForApp(page, 'admin', '/admin/shop/waitDeliverList');
    await menuItem(page, '待配送订单').waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar');
    expect(JSON.parse(decodeURIComponent(cookie!.value)).openKeys.length).toBeGreaterThanOrEqual(2);

    await page.locator('.ant-layout-sider-trigger').click();
    await page.waitForFunction(() => document.querySelector('.ant-layout-sider')?.clientWidth === 64);
    await page.reload();
    await waitForApp(page, 'admin');
    await page.waitForFunction(() => document.querySelector('.ant-layout-sider')?.clientWidth === 64);
    expect(await page.getByPlaceholder('搜索菜单').count()).toBe(0);
    await page.locator('.ant-layout-sider-trigger').click();
    await page.getByPlaceholder('搜索菜单').waitFor();
    await context.close();
  });

  it('exit asks first, then ends the session on the server and clears the browser', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '退出' }).click();
    await page.getByText('确定要退出吗？').waitFor();
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByText('确定要退出吗？').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/home');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '退出' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page
      .waitForURL((url) => url.pathname === '/login', { timeout: 8000 })
      .catch(async (e) => {
        await page.screenshot({ path: '/tmp/exit-fail.png' });
        throw e;
      });
    await page.getByPlaceholder('请输入您的账号').waitFor();
    const stored = await page.evaluate(() => ({
      token: sessionStorage.getItem('token'),
      profile: localStorage.getItem('profile'),
      tabs: localStorage.getItem('tabs'),
      cookie: document.cookie,
    }));
    expect(stored).toMatchObject({ token: null, profile: null, tabs: null });
    expect(stored.cookie).not.toMatch(/token=/);
    expect(await subAppRoots(page)).toEqual([]);
    // The server revoked the session: the old token no longer works.
    await expect
      .poll(() =>
        call('POST', '/api/v1/auth/userInfo', {}, session.token).then(
          () => 'alive',
          (e: Error) => e.message,
        ),
      )
      .toMatch(/身份信息已过期/);
    await context.close();
  });

  it('the user menu opens the personal centre and the data export centre; the organisation switcher re-chooses', async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await openUserMenu(page);
    const entries = page.locator('.ant-dropdown:visible .ant-dropdown-menu-title-content');
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual([
      '个人打印机设置',
      '个人打印机设置（试用版）',
      '软件下载中心',
      '个人中心',
      '数据导出中心',
      '主题',
      '语言',
      '退出',
    ]);
    await entries.filter({ hasText: /^个人中心$/ }).click();
    await waitForApp(page, 'admin', '/admin/personalCenter');
    await page.locator('[data-subapp="admin"]').getByText('基本资料').waitFor();
    await expect.poll(async () => (await tabTitles(page)).at(-1)).toBe('个人中心');
    await openUserMenu(page);
    await entries.filter({ hasText: /^数据导出中心$/ }).click();
    await waitForApp(page, 'admin', '/admin/importExport/exportCenterList');
    await expect.poll(async () => (await tabTitles(page)).at(-1)).toBe('导出中心');
    await page.mouse.move(700, 500);
    await page
      .locator('.ant-dropdown:visible')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);

    await page.locator('[data-org-switcher]').click();
    await page.getByRole('menuitem', { name: /杭州文三路店/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/home');
    await page.locator('[data-org-switcher]').getByText('杭州文三路店').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('profile')!).storeName)).toBe(
      '杭州文三路店',
    );
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await context.close();
  });

  it('switching hq001 to 杭州西湖店, where he holds the store manager’s role, shows the store’s menu (issue 22.4)', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await expect.poll(() => topGroups(page)).toEqual(topGroupNames(session));
    const headquarters = await topGroups(page);
    const md = await openConsole(browser, 'md001');
    const storeGroups = topGroupNames(md.session);
    await md.context.close();

    await page.locator('[data-org-switcher]').click();
    await page.getByRole('menuitem', { name: /杭州西湖店/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/home');
    await page.locator('[data-org-switcher]').getByText('杭州西湖店').waitFor();
    // The store manager's groups: fewer, and no warehouse (dacang) menus.
    await expect.poll(() => topGroups(page)).toEqual(storeGroups);
    expect(storeGroups.length).toBeLessThan(headquarters.length);
    expect(storeGroups).not.toContain('仓储管理');
    // A page of the headquarters menu, entered by address, is refused there.
    await page.goto(`${base()}/admin/system/userList`);
    await page.locator('[data-subapp] .ant-result-403').waitFor();

    // Back at headquarters: the full menu again.
    await page.locator('[data-org-switcher]').click();
    await page.getByRole('menuitem', { name: /鲜丰集团总部/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/home');
    await page.locator('[data-org-switcher]').getByText('鲜丰集团总部').waitFor();
    await expect.poll(() => topGroups(page)).toEqual(headquarters);
    await context.close();
  });
});
