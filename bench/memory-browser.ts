import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/fixtures/browser';
import { startServer } from '../tests/fixtures/server-process';
import { type Figure, ratioFigure } from './lib/report';
import { signIn } from './lib/session';

/**
 * Issue 7, benchmark 7 (browser side): the JS heap of the real console after opening every menu page
 * of hq001 as a tab (up to the 20-tab limit: home + 19) and closing them ('关闭其他' on the home tab), twice. Heap
 * measured after a forced GC (CDP HeapProfiler.collectGarbage, Performance.getMetrics). The first
 * round's heap is the reference: what stays after the second round beyond it is a leak.
 */
const TAB_LIMIT = 20;

interface Permission {
  id: number;
  name: string;
  menuClass?: number;
}

async function openAndClose(page: Page, names: string[]): Promise<number> {
  const home = await page.locator('[data-tab-path]').first().getAttribute('data-tab-path');
  let opened = 0;
  for (const name of names) {
    await page.locator('[data-menu-root]').getByRole('menuitem', { name, exact: true }).click();
    await page.locator('.ant-tabs-tab-active').filter({ hasText: name }).waitFor({ timeout: 30_000 });
    opened++;
  }
  // With many tabs the home tab is scrolled out of the tab bar: its context menu (placed beside it,
  // off screen too) is worked by its events.
  await page.locator(`[data-tab-path="${home}"]`).dispatchEvent('contextmenu', { bubbles: true, button: 2 });
  await page
    .locator('.ant-dropdown:visible .ant-dropdown-menu-title-content')
    .filter({ hasText: /^关闭其他$/ })
    .dispatchEvent('click');
  await page.waitForFunction(() => document.querySelectorAll('[data-tab-path]').length === 1);
  return opened;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await page.waitForTimeout(1000);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 2 ** 20;
}

export async function benchBrowserMemory(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const session = await signIn(server.url);
    const profile = (
      await (
        await fetch(`${server.url}/api/v1/auth/userInfo`, { method: 'POST', headers: session.headers() })
      ).json()
    ).data as { permissions: Permission[] };
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${server.url}/favicon.svg`);
    const groups = profile.permissions.filter((p) => p.menuClass === 1).map((p) => String(p.id));
    await page.evaluate(
      ([token, prof, open]) => {
        document.cookie = `token=${encodeURIComponent(token as string)}; path=/; SameSite=Strict`;
        // Every menu group open, so every page of the menu can be clicked.
        document.cookie = `sidebar=${encodeURIComponent(JSON.stringify({ collapsed: false, openKeys: open }))}; path=/`;
        sessionStorage.setItem('token', token as string);
        localStorage.setItem('profile', JSON.stringify(prof));
        localStorage.setItem('menus', JSON.stringify((prof as { permissions: unknown }).permissions));
      },
      [session.token, profile, groups] as const,
    );
    await page.goto(`${server.url}/admin/home`);
    await page.locator('[data-subapp="admin"]').waitFor({ timeout: 60_000 });
    const names = profile.permissions
      .filter((p) => p.menuClass === 2)
      .map((p) => p.name)
      .slice(0, TAB_LIMIT - 1);
    const opened = await openAndClose(page, names);
    const first = await heapMb(page);
    await openAndClose(page, names);
    const second = await heapMb(page);
    return [
      ratioFigure({
        bench: 'memory-browser',
        metric: `console JS heap after opening ${opened + 1} tabs and closing them, second round`,
        value: second,
        unit: 'MB',
        reference: first,
        referenceName: 'after the first round',
        target: '≤ 1.1×',
        met: second <= 1.1 * first,
        note: `home + ${opened} menu pages (hq001's menu, at most 19: the 20-tab limit)`,
      }),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
