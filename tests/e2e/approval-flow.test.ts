import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 14 in Chromium, on the real console: md001 submits a store expense request, hq001 finds the
 * task and its notice, looks at the document and approves it, md001 sees the result and the timeline.
 */
const EXPENSES = '/admin/finance/storeExpenseList';
const TODO = '/admin/approval/todoList';
const MINE = '/admin/approval/mineList';
const REASON = '冷链展柜应急维修（审批测试）';

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const badge = (page: Page) => page.locator('[data-unread]');

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('approval flow in the browser', () => {
  let browser: Browser;
  let code = '';
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('md001 submits his request from its list', { timeout: 90_000 }, async () => {
    const md = await signIn('md001');
    const draft = await call<{ id: number; expenseCode: string }>(
      'POST',
      '/api/v1/finance/storeExpense/add',
      { category: 1, amount: 1280.5, expenseDate: '2026-11-20', reason: REASON },
      md.token,
    );
    code = draft.expenseCode;
    const { context, page } = await openConsole(browser, 'md001', `${EXPENSES}?keyword=${code}`);
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    await rows(page).first().locator('[data-action="transition:submit"]').click();
    await confirm(page);
    await expect.poll(() => rows(page).first().innerText()).toContain('审批中');
    await context.close();
  });

  it('hq001 has the task and its notice, sees the document, and approves', { timeout: 90_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', `${TODO}?keyword=${code}`);
    await waitForApp(page, 'admin');
    // The notice counts in the bell and leads its titles.
    await expect.poll(() => badge(page).getAttribute('data-unread')).not.toBe('0');
    await expect(page.locator('[data-marquee]').innerText()).resolves.toContain(
      `待审批：费用申请【${code}】`,
    );
    await rows(page).first().waitFor();
    await expect(rows(page).first().innerText()).resolves.toContain('总部审批');
    await rows(page).first().locator('[data-action="detail:0"]').click();
    const drawer = page.locator('.fr-detail-drawer');
    const doc = drawer.locator('[data-section="document"]');
    await doc.getByText(REASON).waitFor();
    await doc.getByText('1,280.50').waitFor();
    await doc.locator('[data-section="approvals"]').getByText('自动跳过').first().waitFor();
    // The decisions allowed now sit at the foot of the detail.
    await expect(drawer.locator('[data-detail-action]').allInnerTexts()).resolves.toEqual([
      '通 过',
      '驳 回',
      '转 交',
    ]);
    await drawer.locator('[data-detail-action="transition:approve"]').click();
    await confirm(page);
    await drawer.waitFor({ state: 'hidden' });
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await context.close();
  });

  it('md001 sees the request approved, with its timeline', { timeout: 90_000 }, async () => {
    const { context, page } = await openConsole(browser, 'md001', `${MINE}?keyword=${code}`);
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    await expect.poll(() => rows(page).first().innerText()).toContain('已通过');
    await rows(page).first().locator('[data-action="detail:0"]').click();
    const timeline = page.locator('.fr-detail-drawer [data-section="approvals"]');
    await timeline.getByText('张总部').first().waitFor();
    const text = await timeline.innerText();
    for (const part of ['提交', '自动跳过', '通过', '已通过']) expect(text).toContain(part);
    await context.close();
  });
});
