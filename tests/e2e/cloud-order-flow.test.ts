import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { confirm, formOf, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 17.1 in Chromium: md001 takes a cloud-supermarket order of his store from 待拣货 through 接单,
 * 拣货完成, 开始配送, a 配送失败 with its reason, 重新配送 and 确认送达; the pending-delivery list shows it
 * while it waits for delivery, and the detail drawer shows its amounts and timeline.
 */
const LIST = '/admin/shop/cloudOrderList';

interface Order {
  id: number;
  orderCode: string;
  payAmount: number;
}

describe('cloud-supermarket orders in the browser', () => {
  let browser: Browser;
  let order: Order;
  beforeAll(async () => {
    browser = await openBrowser();
    const md = await signIn('md001');
    // An order deep in the list, so other tests taking the newest ones do not race for it.
    const page = await call<{ list: Order[] }>(
      'POST',
      '/api/v1/shop/findAppOrderByPage',
      { pageNo: 1, pageSize: 20, orderStatus: [2] },
      md.token,
    );
    order = page.list[page.list.length - 1]!;
    expect(order).toBeDefined();
  });
  afterAll(() => browser?.close());

  it('accepts, picks, delivers, fails, redelivers and delivers an order', { timeout: 150_000 }, async () => {
    const { context, page } = await openConsole(browser, 'md001', `${LIST}?keyword=${order.orderCode}`);
    await waitForApp(page, 'admin');
    const row = rows(page).filter({ hasText: order.orderCode }).first();
    // The status tag (a button of the row may carry the same words, e.g. 配送失败).
    const statusIs = (label: string) =>
      row
        .locator('.ant-tag')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor();
    await statusIs('待拣货');

    await rowAction(page, row, 'transition:accept', '接单');
    await statusIs('出库中');
    await rowAction(page, row, 'transition:finishPick', '拣货完成');
    await confirm(page);
    await statusIs('待配送');

    // While it waits for delivery, the pending-delivery list of SPEC 7.9 holds it.
    const waiting = await context.newPage();
    await waiting.goto(
      page.url().replace(/\/admin\/.*$/, `/admin/shop/waitDeliverList?orderCode=${order.orderCode}`),
    );
    await waitForApp(waiting, 'admin');
    await rows(waiting).filter({ hasText: order.orderCode }).first().waitFor();
    await waiting.close();

    await rowAction(page, row, 'transition:deliver', '开始配送');
    await statusIs('配送中');
    await rowAction(page, row, 'transition:deliverFail', '配送失败');
    const form = formOf(page, '配送失败');
    await form.locator('textarea').fill('顾客电话无人接听');
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
    await statusIs('配送失败');
    await rowAction(page, row, 'transition:redeliver', '重新配送');
    await confirm(page);
    await statusIs('配送中');
    await rowAction(page, row, 'transition:deliverSuccess', '确认送达');
    await confirm(page);
    await statusIs('已送达');

    // The detail shows the amounts, the failure and the timeline the store wrote.
    await row.getByText(order.orderCode).click();
    const drawer = page.locator('.ant-drawer').last();
    await expect.poll(() => drawer.innerText()).toContain('顾客电话无人接听');
    // The lines come with the detail's last section: read the drawer once they are there.
    await drawer.getByText('商品明细').first().waitFor();
    const text = await drawer.innerText();
    for (const label of ['实付金额', '接单时间', '拣货完成时间', '开始配送时间', '送达时间', '商品明细']) {
      expect(text).toContain(label);
    }
    expect(text).toContain(order.payAmount.toFixed(2));
    // md001 manages the store: he reads the customer's phone in full.
    expect(text).toMatch(/1\d{10}/);
    await context.close();
  });
});
