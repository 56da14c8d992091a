import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { openConsole, openUserMenu, waitForApp } from './shell-helpers';

const layer = (page: Page) => page.locator('[data-watermark]');

/** The watermark layer's computed look. */
const look = (page: Page) =>
  layer(page).evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      text: el.getAttribute('data-watermark'),
      position: s.position,
      zIndex: s.zIndex,
      pointerEvents: s.pointerEvents,
      opacity: s.opacity,
      backgroundSize: s.backgroundSize,
      image: s.backgroundImage.slice(0, 27),
      display: s.display,
    };
  });

const EXPECTED = {
  text: 'hq001 张总部',
  position: 'fixed',
  zIndex: '2000',
  pointerEvents: 'none',
  opacity: '0.1',
  backgroundSize: '320px 320px',
  image: 'url("data:image/png;base64,',
  display: 'block',
};

// Issue 4 / SPEC 1, 4, 9: the watermark of employee number and real name.
describe('the watermark', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('lies over the pages with the employee number and name; restored after deletion or alteration', async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await layer(page).waitFor({ state: 'attached' });
    expect(await look(page)).toEqual(EXPECTED);
    // The canvas tile is 400×400 (scaled into the 320px tile).
    const size = await layer(page).evaluate(async (el) => {
      const url = getComputedStyle(el).backgroundImage.slice(5, -2);
      const img = new Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([400, 400]);

    // Deleted in devtools: back at once.
    await layer(page).evaluate((el) => el.remove());
    await expect.poll(() => layer(page).count()).toBe(1);
    expect(await look(page)).toEqual(EXPECTED);
    // Hidden or re-labelled: restored.
    await layer(page).evaluate((el) => ((el as HTMLElement).style.display = 'none'));
    await expect.poll(async () => (await look(page)).display).toBe('block');
    await layer(page).evaluate((el) => el.setAttribute('data-watermark', 'someone else'));
    await expect.poll(async () => (await look(page)).text).toBe('hq001 张总部');
    expect(await layer(page).count()).toBe(1);

    // It does not catch clicks: the page under it still works.
    await page.locator('[data-todo="stockOutToShip"]').click();
    await waitForApp(page, 'dacang', '/dacang/warehouse/stockOutOrderList');
    // A sub-app switch takes it away with the old app and brings it back with the new one.
    await expect.poll(() => layer(page).count()).toBe(1);
    await context.close();
  });

  it('is removed when the sub-app is unmounted (leaving the layout)', async () => {
    const { context, page } = await openConsole(browser, 'hq001');
    await waitForApp(page, 'admin', '/admin/home');
    await layer(page).waitFor({ state: 'attached' });
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: '退出' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByPlaceholder('请输入您的账号').waitFor();
    expect(await layer(page).count()).toBe(0);
    expect(await page.locator('[data-subapp]').count()).toBe(0);
    await context.close();
  });
});
