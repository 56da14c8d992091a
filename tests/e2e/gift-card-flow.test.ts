import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { confirm, formOf, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 17.5 in Chromium: the store manager md001 sells a gift card of an issued batch to a customer
 * (售卖, buyer and phone) and activates it (激活); the list shows it 已激活 with its number and buyer
 * masked (he may not read them in full), and the card's ledger holds the sale and the activation.
 */
const LIST = '/admin/marketing/giftCardList';

describe('gift cards in the browser', () => {
  let browser: Browser;
  let card: { id: number; cardNo: string };
  beforeAll(async () => {
    browser = await openBrowser();
    const hq = await signIn('hq001');
    const page = await call<{ list: { id: number; cardNo: string; validTo: string }[] }>(
      'POST',
      '/api/v1/marketing/giftCard/findByPage',
      { pageNo: 1, pageSize: 50, status: [20] },
      hq.token,
    );
    // A card still within its validity (one demo batch is past its last day, waiting for the expiry run).
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    card = page.list.find((c) => c.validTo > today)!;
    expect(card.cardNo).toMatch(/^\d{16}$/);
  });
  afterAll(() => browser?.close());

  it('sells a card to a customer and activates it', { timeout: 150_000 }, async () => {
    const { context, page } = await openConsole(browser, 'md001', `${LIST}?cardNo=${card.cardNo}`);
    await waitForApp(page, 'admin');
    const row = rows(page).first();
    // Found by its whole number, shown masked: first 4 and last 4.
    await expect.poll(() => row.innerText()).toContain('待售卖');
    expect(await row.innerText()).toContain(`${card.cardNo.slice(0, 4)}********${card.cardNo.slice(-4)}`);

    await rowAction(page, row, 'transition:sell', '售卖');
    const sell = formOf(page, '售卖礼品卡');
    await sell.getByPlaceholder('请输入购卡人', { exact: true }).fill('周建国');
    await sell.getByPlaceholder('请输入购卡人手机号').fill('13912345678');
    const sold = page.waitForResponse((r) => r.url().includes(`/giftCard/sell/${card.id}`));
    await sell.getByTestId('form-submit').click();
    expect((await (await sold).json()).result.success).toBe(true);
    await sell.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('待激活');
    expect(await row.innerText()).toContain('139****5678');

    await rowAction(page, row, 'transition:activate', '激活');
    await confirm(page);
    await expect.poll(() => row.innerText()).toContain('已激活');
    await context.close();

    const hq = await signIn('hq001');
    const txns = await call<{ list: { txnType: number }[] }>(
      'POST',
      '/api/v1/marketing/giftCardTxn/findByPage',
      { pageNo: 1, pageSize: 10, cardId: card.id },
      hq.token,
    );
    expect(txns.list.map((t) => t.txnType).sort()).toEqual([1, 2]);
  });
});
