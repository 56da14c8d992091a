import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openBrowser } from './browser';
import { expect, freshPage, passwordLogin, pathOf, readStorage, toast, visits } from './auth-helpers';

// Issue 3 / SPEC 2.3, 2.4, 2.5 (authCode), 3 'Chosen-store payload': subsystem and store choice.
describe('/chooseProject and /chooseMd in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('tiles for 100, 200, 300, 301; the title link opens /userCenter', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'hq001');
    for (const id of [100, 200, 300, 301]) await page.locator(`[data-system="${id}"]`).waitFor();
    await page.getByText('生鲜系统').waitFor();
    await page.getByText('您好，张总部').waitFor();
    await page.getByRole('link', { name: /个人中心/ }).click();
    await page.waitForURL('**/userCenter');
    await page.getByText('基本资料').waitFor();
    await context.close();
  });

  it('several organisations: the first preselected, searchable, none chosen is 请选择机构, then /home', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'hq001');
    await page.locator('[data-system="300"]').click();
    await page.waitForURL('**/chooseMd');
    const first = page.getByRole('radio', { name: /鲜丰集团总部/ });
    await first.waitFor({ state: 'attached' });
    expect(await first.isChecked()).toBe(true);
    expect(await page.getByRole('radio').count()).toBe(7);
    const search = page.getByPlaceholder('搜索机构名称或编码');
    await search.fill('没有这个机构');
    await page.getByText('没有匹配的机构').waitFor();
    await page.getByRole('button', { name: /进入系统/ }).click();
    await toast(page, '请选择机构');
    expect(pathOf(page)).toBe('/chooseMd');
    await search.fill('文三路');
    expect(await page.getByRole('radio').count()).toBe(1);
    await page.getByRole('radio', { name: /杭州文三路店/ }).check();
    const home = visits(page, '/home');
    await page.getByRole('button', { name: /进入系统/ }).click();
    await home;
    const { profile, menus } = await readStorage(page);
    expect(profile).toMatchObject({
      employeeNumber: 'hq001',
      systemId: 300,
      orgId: 11,
      shopId: 11,
      storeName: '杭州文三路店',
      refObjType: 2,
      refObjStatus: 1,
      managementMode: 1,
    });
    expect(profile.permissions.length).toBeGreaterThan(0);
    expect(profile.powerControl.map((p: { code: string }) => p.code)).toContain(
      'platformMsg:saveRadioMessage',
    );
    expect(menus).toEqual(profile.permissions);
    await context.close();
  });

  it('one organisation (md001): /chooseMd logs in automatically and goes to /home', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'md001');
    const home = visits(page, '/home');
    await page.locator('[data-system="300"]').click();
    await home;
    expect((await readStorage(page)).profile).toMatchObject({ orgId: 11, storeName: '杭州文三路店' });
    await context.close();
  });

  it('another subsystem opens its address with a fresh authCode; the way back logs in by auth code', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'hq001');
    await page.locator('[data-system="100"]').click();
    await page.waitForURL('**/dev/subsystem/100?authCode=*');
    await page.getByText('欢迎，张总部（hq001）已通过授权码进入').waitFor();
    // Single use: the same address again is refused.
    const again = await page.request.get(page.url());
    expect(again.status()).toBe(400);
    const back = visits(page, '/chooseProject');
    await page.getByRole('link', { name: '返回生鲜系统' }).click();
    await back;
    const { profile } = await readStorage(page);
    expect(profile).toMatchObject({ employeeNumber: 'hq001' });
    await context.close();
  });

  it('a missing address or authCode shows 跳转参数错误', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'hq001');
    await page.route('**/api/v1/auth/authCode', (route) =>
      route.fulfill({
        json: { result: { success: true, code: '0', msg: '' }, data: { authCode: '', systemUrl: '' } },
      }),
    );
    await page.locator('[data-system="200"]').click();
    await toast(page, '跳转参数错误');
    expect(pathOf(page)).toBe('/chooseProject');
    await context.close();
  });

  it('sign out from /chooseProject ends the session', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'wh001');
    const login = visits(page, '/login');
    await page.getByRole('button', { name: /退出登录/ }).click();
    await login;
    const stored = await readStorage(page);
    expect(stored.sessionToken).toBeNull();
    expect(stored.profile).toBeNull();
    await context.close();
  });
});
