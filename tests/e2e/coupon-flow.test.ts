import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { formOf, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 17.4 in Chromium: hq001 issues a coupon of a started template to the member 林晓 with the
 * 发放优惠券 form (both picked by search), then redeems it with 核销 (order code and amount); the list
 * shows it 已使用 and its detail the order.
 */
const LIST = '/admin/marketing/couponList';
const NAME = '浏览器测试满50减8';

describe('coupons in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const hq = await signIn('hq001');
    const template = await call<{ id: number }>(
      'POST',
      '/api/v1/marketing/couponTemplate/add',
      {
        name: NAME,
        couponType: 3,
        faceValue: 8,
        thresholdAmount: 50,
        validityType: 2,
        validDays: 10,
        totalQuantity: 100,
      },
      hq.token,
    );
    await call('POST', `/api/v1/marketing/couponTemplate/start/${template.id}`, {}, hq.token);
  });
  afterAll(() => browser?.close());

  it('issues a coupon to a member and redeems it', { timeout: 150_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', LIST);
    await waitForApp(page, 'admin');
    await page.getByRole('button', { name: '发放优惠券' }).click();
    const form = formOf(page, '发放优惠券');
    await form.locator('.ant-select', { hasText: '请选择优惠券' }).click();
    await page.keyboard.type('浏览器测试');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: NAME })
      .first()
      .click();
    await form.locator('.ant-select', { hasText: '请选择会员' }).click();
    await page.keyboard.type('林晓');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '林晓' })
      .first()
      .click();
    const issued = page.waitForResponse((r) => r.url().includes('/api/v1/marketing/coupon/issue'));
    await form.getByTestId('form-submit').click();
    const answer = await (await issued).json();
    expect(answer.result.success).toBe(true);
    const code = answer.data.couponCode as string;
    expect(answer.data).toMatchObject({ status: 0, templateName: NAME, memberName: '林晓', faceValue: 8 });
    await form.waitFor({ state: 'hidden' });

    await page.goto(page.url().replace(/\/admin\/.*$/, `${LIST}?keyword=${code}`));
    await waitForApp(page, 'admin');
    const row = rows(page).filter({ hasText: code }).first();
    await expect.poll(() => row.innerText()).toContain('未使用');
    await rowAction(page, row, 'transition:redeem', '核销');
    const redeem = formOf(page, '核销优惠券');
    await redeem.getByPlaceholder('请输入使用订单号').fill('APP20261124900001');
    await redeem.locator('input.ant-input-number-input').fill('66.5');
    await redeem.getByTestId('form-submit').click();
    await redeem.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('已使用');
    expect(await row.innerText()).toContain('APP20261124900001');

    await row.getByText(code).click();
    const drawer = page.locator('.ant-drawer').last();
    await expect.poll(() => drawer.innerText()).toContain('66.50');
    expect(await drawer.innerText()).toContain('核销人');
    await context.close();
  });
});
