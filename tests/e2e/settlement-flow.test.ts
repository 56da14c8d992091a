import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 18 in Chromium: hq001 drafts a statement for a supplier contract, calculates it from the
 * period's receipts and returns and submits it from the list; finance (tip001) approves it; hq001
 * registers the supplier's invoice of the whole payable through the form and finds it in the list.
 */
const STATEMENTS = '/admin/settlement/settlementList';
const INVOICES = '/admin/settlement/invoiceList';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('settlement in the browser', () => {
  let browser: Browser;
  let statement: Row = {};
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('hq001 calculates and submits a statement from its list', { timeout: 120_000 }, async () => {
    const hq = await signIn('hq001');
    const contracts = await call<{ list: Row[] }>(
      'POST',
      '/api/v1/finance/contract/findByPage',
      { pageNo: 1, pageSize: 1, status: [20], supplierId: 4 },
      hq.token,
    );
    statement = await call<Row>(
      'POST',
      '/api/v1/finance/settlement/add',
      { contractId: contracts.list[0]!.id, periodStart: '2026-08-01', periodEnd: '2026-11-20' },
      hq.token,
    );
    const code = String(statement.statementCode);
    const { context, page } = await openConsole(browser, 'hq001', `${STATEMENTS}?keyword=${code}`);
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    await expect(rows(page).first().innerText()).resolves.toContain('草稿');
    await rows(page).first().locator('[data-action="transition:calculate"]').click();
    await confirm(page);
    await expect.poll(() => rows(page).first().innerText()).toContain('待提交');
    await rows(page).first().locator('[data-action="transition:submit"]').click();
    await confirm(page);
    await expect.poll(() => rows(page).first().innerText()).toContain('审批中');
    // The console's sign-in replaced the API session: sign in again to read the figures.
    statement = await call<Row>(
      'GET',
      `/api/v1/finance/settlement/detail/${String(statement.id)}`,
      undefined,
      (await signIn('hq001')).token,
    );
    expect(Number(statement.goodsAmount)).toBeGreaterThan(0);
    await context.close();
  });

  it('finance approves it; hq001 registers its invoice through the form', { timeout: 120_000 }, async () => {
    const finance = await signIn('tip001');
    const tasks = await call<{ list: Row[] }>(
      'POST',
      `${TASK}/findTodoByPage`,
      { keyword: statement.statementCode },
      finance.token,
    );
    await call(
      'POST',
      `${TASK}/approve/${String(tasks.list[0]!.id)}`,
      { comment: '核对无误' },
      finance.token,
    );

    const { context, page } = await openConsole(browser, 'hq001', INVOICES);
    await waitForApp(page, 'admin');
    await page.getByRole('button', { name: /登记发票/ }).click();
    const form = page.locator('.ant-modal, .ant-drawer', { hasText: '登记发票' }).last();
    await form.locator('.ant-select', { hasText: '请选择结算单' }).click();
    await page.keyboard.type(String(statement.statementCode));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: String(statement.statementCode),
      })
      .click();
    await form.locator('.ant-select', { hasText: '请选择发票类型' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '增值税专用发票' })
      .click();
    await form.getByPlaceholder('请输入发票代码').fill('3300261130');
    await form.getByPlaceholder('请输入发票号码').fill('07654321');
    await form.getByPlaceholder('请选择开票日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    const payable = Number(statement.payableAmount);
    const ex = Math.round((payable / 1.09) * 100) / 100;
    await form.getByPlaceholder('请输入不含税金额').fill(ex.toFixed(2));
    await form.locator('.ant-select', { hasText: '请选择税率' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '9%' }).click();
    await form.getByPlaceholder('请输入税额').fill((Math.round((payable - ex) * 100) / 100).toFixed(2));
    await form.getByPlaceholder('请输入价税合计').fill(payable.toFixed(2));
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/finance/invoice/add'));
    await form.getByTestId('form-submit').click();
    const answer = (await (await created).json()) as { result: { success: boolean; msg: string } };
    expect(answer.result.msg).toBe('');
    expect(answer.result.success).toBe(true);
    await page.getByPlaceholder('发票号码、代码、结算单号或供应商').fill('07654321');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).first().innerText()).toContain(String(statement.statementCode));
    await expect(rows(page).first().innerText()).resolves.toContain('正常');
    await context.close();
  });
});
