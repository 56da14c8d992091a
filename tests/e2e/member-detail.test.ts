import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

const MEMBERS = '/admin/member/memberList';

interface Page<T> {
  list: T[];
  total: number;
}

/**
 * Issue 17.7 in Chromium: a member's detail lists his latest stored-value records, coupons and orders
 * (detail.sections[].related: each read through its own resource's list endpoint, filtered by the
 * member), saying how many there are in all when it shows only the latest.
 */
describe('member detail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the member’s stored-value records, coupons and orders', async () => {
    const hq = await signIn('hq001');
    // A member with completed stored-value records (the demo data's store 11 regulars).
    const records = await call<Page<{ memberId: number; memberCode: string }>>(
      'POST',
      '/api/v1/member/storedValue/findByPage',
      { pageNo: 1, pageSize: 1, status: [20] },
      hq.token,
    );
    const { memberId, memberCode } = records.list[0]!;
    const mine = await call<Page<{ recordCode: string }>>(
      'POST',
      '/api/v1/member/storedValue/findByPage',
      { pageNo: 1, pageSize: 10, memberId },
      hq.token,
    );
    const coupons = await call<Page<{ couponCode: string }>>(
      'POST',
      '/api/v1/marketing/coupon/findByPage',
      { pageNo: 1, pageSize: 10, memberId },
      hq.token,
    );

    const orders = await call<Page<{ orderCode: string }>>(
      'POST',
      '/api/v1/shop/findAppOrderByPage',
      { pageNo: 1, pageSize: 10, memberId },
      hq.token,
    );
    expect(orders.total).toBeGreaterThan(0);

    const { context, page } = await openConsole(browser, 'hq001', MEMBERS);
    await waitForApp(page, 'admin', MEMBERS);
    await page
      .locator('.fr-search .ant-formily-item', { hasText: '会员编号/姓名' })
      .locator('input')
      .first()
      .fill(memberCode);
    await page
      .locator('.fr-search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.locator('.fr-table-card .ant-table-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText(memberCode, { exact: true }).click();

    const drawer = page.locator('.fr-detail-drawer');
    const stored = drawer.locator('[data-child="storedValue"]');
    await stored.waitFor();
    const heading = await stored.locator('.fr-detail-heading').innerText();
    expect(heading).toContain('储值记录');
    if (mine.total > 10) expect(heading).toContain(`最近 10 条，共 ${mine.total} 条`);
    await expect.poll(() => stored.locator('.ant-table-row').count()).toBe(mine.list.length);
    await stored.getByText(mine.list[0]!.recordCode, { exact: true }).waitFor();

    const couponSection = drawer.locator('[data-child="coupons"]');
    await couponSection.waitFor();
    if (coupons.list.length)
      await expect.poll(() => couponSection.locator('.ant-table-row').count()).toBe(coupons.list.length);
    // His cloud-supermarket orders (issue 17.7: every order names its member).
    const orderSection = drawer.locator('[data-child="orders"]');
    await expect.poll(() => orderSection.locator('.ant-table-row').count()).toBe(orders.list.length);
    await orderSection.getByText(orders.list[0]!.orderCode, { exact: true }).waitFor();
    await context.close();
  });
});
