import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { laneURL } from './lane';

describe('the console in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('/ redirects to /login, which shows the sign-in form in Chinese', async () => {
    const page = await browser.newPage();
    await page.goto(`${laneURL()}/`);
    await page.waitForURL('**/login');
    // The login page is a lazy chunk: wait for it rather than asking once.
    await page.getByText('鲜丰生鲜管理系统').waitFor();
    await page.getByPlaceholder('请输入您的账号').waitFor();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('请输入您的账号', { exact: true }).last().waitFor();
    await page.close();
  });

  it("follows the system's reduce-motion setting: antd's motion runs only without it", async () => {
    const seen: Record<string, number> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      // The browser's contexts ask for reduced motion unless told otherwise (tests/fixtures/browser.ts).
      const context = await browser.newContext(reducedMotion === 'reduce' ? {} : { reducedMotion });
      const page = await context.newPage();
      await page.goto(`${laneURL()}/login`);
      await page.getByPlaceholder('请输入您的账号').waitFor();
      // Counts the motion classes antd (rc-motion) puts on the form messages and the click ripple.
      await page.evaluate(() => {
        const w = window as unknown as { motions: number };
        w.motions = 0;
        new MutationObserver((records) => {
          for (const r of records) {
            const name = (r.target as Element).getAttribute?.('class') ?? '';
            if (/-(appear|enter)-active\b/.test(name)) w.motions++;
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByText('请输入您的账号', { exact: true }).last().waitFor();
      await page.waitForTimeout(500);
      seen[reducedMotion] = await page.evaluate(() => (window as unknown as { motions: number }).motions);
      await context.close();
    }
    expect(seen['no-preference']).toBeGreaterThan(0);
    expect(seen.reduce).toBe(0);
  });

  it('an uncaught error in a page fails the file: closing the browser reports it', async () => {
    const own = await openBrowser();
    const page = await own.newPage();
    await page.goto(`${laneURL()}/login`);
    const thrown = page.context().waitForEvent('weberror');
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('thrown on purpose'))));
    await thrown;
    await expect(own.close()).rejects.toThrow(/uncaught errors in the pages:\n.*thrown on purpose/);
  });

  it('an unknown path shows the 404 page', async () => {
    const page = await browser.newPage();
    await page.goto(`${laneURL()}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText('返回首页').waitFor();
    await page.close();
  });
});
