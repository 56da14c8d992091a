import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser } from '../fixtures/browser';

describe('the console in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('/ redirects to /login, which shows the sign-in form in Chinese', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('baseURL')}/`);
    await page.waitForURL('**/login');
    // The login page is a lazy chunk: wait for it rather than asking once.
    await page.getByText('鲜丰生鲜管理系统').waitFor();
    await page.getByPlaceholder('请输入您的账号').waitFor();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('请输入您的账号', { exact: true }).last().waitFor();
    await page.close();
  });

  it('an unknown path shows the 404 page', async () => {
    const page = await browser.newPage();
    await page.goto(`${inject('baseURL')}/no/such/page`);
    await page.waitForURL('**/404');
    await page.getByText('返回首页').waitFor();
    await page.close();
  });
});
