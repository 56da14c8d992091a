import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, openUserMenu, signIn, waitForApp } from './shell-helpers';

/** A generated store manager no other e2e file sends messages to. */
const RECEIVER = 'e00212';

const badge = (page: Page) => page.locator('[data-unread] .ant-badge-count');

// Issue 4 / SPEC 2.11, 8, 9: the header's bell, marquee and fullscreen toggle, on the real messages server.
describe('the header', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  /** hq001 broadcasts `count` messages to the receiver (SPEC 7.7 saveRadioMessage). */
  async function broadcast(count: number, receiver: { userId: number; realName: string }, from = 0) {
    const { token } = await signIn('hq001');
    for (let i = from; i < from + count; i++) {
      await call(
        'POST',
        '/api/v1/msg/im/message/saveRadioMessage',
        {
          title: `第${i + 1}号通知：本周门店盘点安排`,
          content: '<p>请各门店按时完成盘点。</p>',
          orgList: [],
          roleList: [],
          userList: [{ userId: receiver.userId, userName: receiver.realName }],
        },
        token,
      );
    }
  }

  it(
    "unread count: the number, then '99+' from 99 on; the marquee shows the unread titles",
    { timeout: 120_000 },
    async () => {
      const profile = (await signIn(RECEIVER)).profile as unknown as { userId: number; realName: string };
      const before = await call<number>(
        'GET',
        '/api/v1/msg/im/message/getNotReadMessageCount',
        undefined,
        (await signIn(RECEIVER)).token,
      );
      expect(before).toBeLessThan(90);
      await broadcast(98 - before, profile);

      let { context, page } = await openConsole(browser, RECEIVER);
      await waitForApp(page, 'admin', '/admin/home');
      await expect.poll(() => badge(page).getAttribute('title')).toBe('98');
      const titles = await page.locator('[data-marquee] span span span').allTextContents();
      expect(titles[0]).toBe(`第${98 - before}号通知：本周门店盘点安排`);
      expect(titles.length).toBeGreaterThan(1);
      await context.close();

      await broadcast(1, profile, 98 - before);
      ({ context, page } = await openConsole(browser, RECEIVER));
      await waitForApp(page, 'admin', '/admin/home');
      await expect.poll(() => badge(page).getAttribute('title')).toBe('99+');
      await expect(page.locator('[data-unread]').getAttribute('data-unread')).resolves.toBe('99+');
      await context.close();
    },
  );

  it('the user menu and the bell open their dialogs and panels', async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    const entry = page.locator('.ant-dropdown:visible .ant-dropdown-menu-title-content');
    for (const [name, title] of [
      ['个人打印机设置', '个人打印机设置'],
      ['个人打印机设置（试用版）', '个人打印机设置（试用版）'],
      ['软件下载中心', '软件下载中心'],
    ] as const) {
      await openUserMenu(page);
      await entry.filter({ hasText: new RegExp(`^${name.replace(/[()（）]/g, '.')}$`) }).click();
      const dialog = page.locator('.ant-modal:visible').filter({
        has: page.locator('.ant-modal-title', {
          hasText: new RegExp(`^${title.replace(/[()（）]/g, '.')}$`),
        }),
      });
      await dialog.waitFor();
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.mouse.move(700, 600);
    }
    await page.getByRole('button', { name: '消息中心' }).click();
    await page.locator('.ant-drawer-title').filter({ hasText: '消息中心' }).waitFor();
    await context.close();
  });

  it("fullscreen: a browser without it gets '你当前浏览器不支持全屏缩放功能'", async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await page.evaluate(() => Object.defineProperty(document, 'fullscreenEnabled', { value: false }));
    await page.getByRole('button', { name: '全屏' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '你当前浏览器不支持全屏缩放功能' }).waitFor();
    await context.close();
  });
});
