import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import {
  base,
  menuItem,
  menuPageNames,
  openConsole,
  openUserMenu,
  tabAction,
  tabPaths,
  tabTitles,
  waitForApp,
} from './shell-helpers';

const HOME = '/admin/home';
const alert = (page: Page) => page.locator('.ant-modal-confirm-warning');

/** Closes a tab with its close icon. */
const closeTab = (page: Page, title: string) =>
  page.locator('.ant-tabs-tab').filter({ hasText: title }).locator('.ant-tabs-tab-remove').click();

/** Clicks a menu page and waits for its tab to be the active one. */
async function openPage(page: Page, name: string) {
  await menuItem(page, name).click();
  await page.locator('.ant-tabs-tab-active').filter({ hasText: name }).waitFor();
}

// Issue 4: the tab bar (SPEC 2.11, 4, 5), in Chromium on the real server.
describe('the tab bar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it(
    '20 tabs open; a 21st is refused with the warning (an open tab does not count); tabs survive a reload',
    { timeout: 120_000 },
    async () => {
      const { context, page, session } = await openConsole(browser, 'hq001', HOME, { allGroupsOpen: true });
      await waitForApp(page, 'admin', HOME);
      // Four paths the admin app has no page for, entered by address: its 404 page, titled '页面不存在'.
      for (let i = 1; i <= 4; i++) {
        await page.goto(`${base()}/admin/e2e/page${i}`);
        await waitForApp(page, 'admin', `/admin/e2e/page${i}`);
        await expect.poll(() => tabPaths(page)).toContain(`/admin/e2e/page${i}`);
      }
      await openUserMenu(page);
      await page
        .locator('.ant-dropdown:visible .ant-dropdown-menu-title-content')
        .filter({ hasText: /^个人中心$/ })
        .click();
      await waitForApp(page, 'admin', '/admin/personalCenter');
      await expect.poll(() => tabPaths(page)).toContain('/admin/personalCenter');
      await page.goto(`${base()}/dacang/home`);
      await waitForApp(page, 'dacang', '/dacang/home');
      const names = menuPageNames(session);
      expect(names.length).toBeGreaterThanOrEqual(14);
      // home + 4 + personal centre + dacang home = 7; 13 menu pages make 20.
      for (const name of names.slice(0, 13)) await openPage(page, name);
      await expect.poll(async () => (await tabPaths(page)).length).toBe(20);
      const before = await tabPaths(page);

      // The 21st, from the menu: refused before its page is shown; the address goes back (one step).
      const shownBefore = new URL(page.url()).pathname;
      const historyLength = await page.evaluate(() => history.length);
      await menuItem(page, names[13]!).click();
      await alert(page).waitFor();
      await expect(alert(page).locator('.ant-modal-confirm-title').textContent()).resolves.toBe('警告');
      await expect(alert(page).locator('.ant-modal-confirm-content').textContent()).resolves.toBe(
        '最多只能打开20个标签页，请先关闭其他标签页',
      );
      await alert(page)
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await alert(page).waitFor({ state: 'detached' });
      expect(await tabPaths(page)).toEqual(before);
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe(shownBefore);
      await page.locator('.ant-tabs-tab-active').filter({ hasText: names[12]! }).waitFor();
      expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);

      // An open tab does not count.
      await openPage(page, names[0]!);
      expect(await tabPaths(page)).toEqual(before);

      // The titles: permission names, the route titles of the maps, the 404 page's for unknown paths.
      const titles = await tabTitles(page);
      expect(titles.slice(0, 7)).toEqual([
        '首页',
        '页面不存在',
        '页面不存在',
        '页面不存在',
        '页面不存在',
        '个人中心',
        '大仓首页',
      ]);
      expect(titles.slice(7)).toEqual(names.slice(0, 13));

      // Tabs survive a reload; a 21st entered by address is refused too (back to the home tab).
      await page.reload();
      await waitForApp(page, 'admin');
      await expect.poll(() => tabPaths(page)).toEqual(before);
      await page.goto(`${base()}/admin/e2e/page5`);
      await alert(page).waitFor();
      await page.waitForURL((url) => url.pathname === HOME);
      await alert(page).getByRole('button').click();
      expect(await tabPaths(page)).toEqual(before);

      // Closing one makes room.
      await closeTab(page, names[12]!);
      await openPage(page, names[13]!);
      expect((await tabPaths(page)).length).toBe(20);

      // Back into a page whose tab was closed, with 20 open: refused too, the page on screen stays.
      await openPage(page, names[0]!);
      await closeTab(page, names[0]!);
      await openPage(page, names[12]!);
      const full = await tabPaths(page);
      expect(full.length).toBe(20);
      const onScreen = new URL(page.url()).pathname;
      // The two Backs on a slow machine (the page's CPU slowed sixfold): the second comes before the
      // page the first leads to is drawn, and the address must still go back to that page.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goBack();
      await page.waitForURL((url) => url.pathname !== onScreen);
      const leftOf = new URL(page.url()).pathname;
      await page.goBack();
      await alert(page).waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // Read in the page: the address is replaced while Chromium still handles the Back, and
      // Playwright's own record of the URL can miss a replaceState made then.
      await expect.poll(() => page.evaluate(() => location.pathname)).toBe(leftOf);
      await alert(page).getByRole('button').click();
      expect(await tabPaths(page)).toEqual(full);
      await context.close();
    },
  );

  it('an unknown path inside a sub-app: a tab titled 页面不存在, counted once however often it is opened (issue 22.2)', async () => {
    const { context, page } = await openConsole(browser, 'hq001', HOME);
    await waitForApp(page, 'admin', HOME);
    const UNKNOWN = '/dacang/warehouse/noSuchList';
    await page.goto(`${base()}${UNKNOWN}`);
    await waitForApp(page, 'dacang', UNKNOWN);
    await page.locator('[data-subapp] .ant-result-404').waitFor();
    await expect.poll(() => tabPaths(page)).toEqual([HOME, UNKNOWN]);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '页面不存在']);
    // The header's breadcrumb names it alike.
    await page.locator('.ant-breadcrumb').getByText('页面不存在').waitFor();

    // Opened again: by address (another spelling of the same path), through the tab, after another page.
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await page.goto(`${base()}/dacang/Warehouse/NoSuchList/`);
    await waitForApp(page, 'dacang');
    await page.locator('[data-subapp] .ant-result-404').waitFor();
    // Its tab, however the address spells the path, is the one shown as active.
    await page.locator('.ant-tabs-tab-active').filter({ hasText: '页面不存在' }).waitFor();
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await page.locator(`[data-tab-path="${UNKNOWN}"]`).click();
    // The tab reopens the address it was last shown with.
    await page.waitForURL((url) => url.pathname.toLowerCase().replace(/\/$/, '') === UNKNOWN.toLowerCase());
    await page.locator('[data-subapp] .ant-result-404').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '页面不存在']);
    expect(await tabPaths(page)).toEqual([HOME, UNKNOWN]);
    // And after a reload (the tab list is restored from localStorage).
    await page.reload();
    await page.locator('[data-subapp] .ant-result-404').waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '页面不存在']);
    await context.close();
  });

  it('context menu: close right, close left, close current, close others, and the close icon', async () => {
    const { context, page, session } = await openConsole(browser, 'hq001', HOME, { allGroupsOpen: true });
    await waitForApp(page, 'admin', HOME);
    const [a, b, c, d] = menuPageNames(session).slice(9, 13) as [string, string, string, string];
    for (const name of [a, b, c, d]) await openPage(page, name);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', a, b, c, d]);
    const path = async (title: string) => {
      const titles = await tabTitles(page);
      return (await tabPaths(page))[titles.indexOf(title)]!;
    };
    const pathC = await path(c);
    const pathB = await path(b);

    // The home tab's own menu: refresh only where it makes sense.
    await page.locator(`[data-tab-path="${HOME}"]`).click({ button: 'right' });
    await page.locator('.ant-dropdown:visible').waitFor();
    const disabled = await page
      .locator('.ant-dropdown:visible .ant-dropdown-menu-item-disabled')
      .evaluateAll((els) => els.map((e) => e.textContent));
    expect(disabled).toEqual(['关闭当前', '关闭左侧']);
    // Click somewhere inert (the empty end of the tab bar) to close it.
    await page.mouse.click(1300, 78);
    await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' });

    await tabAction(page, pathC, '关闭右侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', a, b, c]);
    // The active tab (d) was closed: the tab acted on is shown.
    await page.waitForURL((url) => url.pathname === pathC);

    await tabAction(page, pathB, '关闭左侧');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', b, c]);
    expect(new URL(page.url()).pathname).toBe(pathC);

    await tabAction(page, pathC, '关闭当前');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', b]);
    await page.waitForURL((url) => url.pathname === pathB);

    await openPage(page, c);
    await openPage(page, d);
    await tabAction(page, pathC, '关闭其他');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', c]);
    await page.waitForURL((url) => url.pathname === pathC);

    await closeTab(page, c);
    await expect.poll(() => tabTitles(page)).toEqual(['首页']);
    await page.waitForURL((url) => url.pathname === HOME);
    // The home tab has no close icon.
    expect(await page.locator('.ant-tabs-tab .ant-tabs-tab-remove').count()).toBe(0);
    await context.close();
  });

  it('a list keeps its un-submitted search input with the tab; refresh and close clear it (issue 22.1)', async () => {
    const { context, page } = await openConsole(browser, 'hq001', HOME, { allGroupsOpen: true });
    await waitForApp(page, 'admin', HOME);
    const USERS = '/admin/system/userList';
    const name = page.locator('[data-subapp] [data-testid="list-search"]').getByPlaceholder('请输入姓名');
    const loaded = () => page.locator('[data-subapp] .ant-table-row').first().waitFor();
    await openPage(page, '用户管理');
    await loaded();
    // Typed, never submitted: no 查询.
    await name.fill('张三丰');
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await page.locator(`[data-tab-path="${USERS}"]`).click();
    await page.waitForURL((url) => url.pathname === USERS);
    await loaded();
    await expect.poll(() => name.inputValue()).toBe('张三丰');
    // Still not submitted: the list shows every user and the address has no filter.
    expect(new URL(page.url()).searchParams.get('realName')).toBeNull();

    // 刷新 starts the page fresh.
    await tabAction(page, USERS, '刷新');
    await page.waitForURL((url) => url.pathname === USERS);
    await loaded();
    await expect.poll(() => name.inputValue()).toBe('');

    // Typed again, then the tab closed and opened again from the menu: empty.
    await name.fill('张三丰');
    await closeTab(page, '用户管理');
    await expect.poll(() => tabPaths(page)).not.toContain(USERS);
    await openPage(page, '用户管理');
    await loaded();
    await expect.poll(() => name.inputValue()).toBe('');
    await context.close();
  });

  it('a kept-alive page keeps its typed search text when its tab is revisited (also across sub-apps), and loses it on refresh', async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/dacang/home', { allGroupsOpen: true });
    await waitForApp(page, 'dacang', '/dacang/home');
    const search = page.locator('[data-subapp] input[data-quick-search]');
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await search.fill('拣货');
    await expect
      .poll(() => page.locator('[data-subapp] button').filter({ hasText: '角色管理' }).count())
      .toBe(0);

    // Another page of the same app, then a page of the other app (the admin app is unmounted).
    await openPage(page, '用户管理');
    await openPage(page, '拣货单');
    await waitForApp(page, 'dacang');
    // The dacang home is another tab with its own state.
    await page.locator('[data-tab-path="/dacang/home"]').click();
    await waitForApp(page, 'dacang', '/dacang/home');
    await expect(search.inputValue()).resolves.toBe('');
    await search.fill('出库');

    // Back to the admin home: remounted, and the text restored.
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await expect.poll(() => search.inputValue()).toBe('拣货');
    await page.locator('[data-tab-path="/dacang/home"]').click();
    await waitForApp(page, 'dacang', '/dacang/home');
    await expect.poll(() => search.inputValue()).toBe('出库');
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await expect.poll(() => search.inputValue()).toBe('拣货');

    // Refresh: through /redirect, back to the same page, fresh.
    await tabAction(page, HOME, '刷新');
    await page.waitForURL((url) => url.pathname === HOME);
    await search.waitFor();
    await expect.poll(() => search.inputValue()).toBe('');
    await page.locator('[data-subapp] button').filter({ hasText: '角色管理' }).waitFor();
    // Refresh replaced the history entry: Back leads to the page before (the dacang home), not to
    // /redirect. Wait for that page itself: the admin home's URL already matches "not /redirect"
    // before the history step lands, and a tab click racing it would be undone by it.
    await page.goBack();
    await waitForApp(page, 'dacang', '/dacang/home');

    // Closing a tab drops its state too.
    await page.locator(`[data-tab-path="${HOME}"]`).click();
    await waitForApp(page, 'admin', HOME);
    await tabAction(page, '/dacang/home', '关闭当前');
    await expect.poll(() => tabPaths(page)).not.toContain('/dacang/home');
    await page.locator('[data-subapp]').getByText('大仓首页', { exact: true }).click();
    await waitForApp(page, 'dacang', '/dacang/home');
    await expect.poll(() => search.inputValue()).toBe('');
    await context.close();
  });
});
