import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 16.5 in Chromium: wh001 plans a stocktake of one shelf of his warehouse (按货位盘点, stock
 * frozen), starts it (the count sheet is drawn from the shelf's stock), types the count of one batch,
 * submits it; hq001 approves it in the /dacang approval centre; 库存查询 shows the batch at the counted
 * quantity and 库存流水 the 盘亏 row.
 */
const WAREHOUSE = 21; // 杭州中心大仓, wh001's
const LIST = '/dacang/stock/stocktakeList';

interface Batch {
  id: number;
  commodityCode: string;
  shelfCode: string;
  batchNo: string;
  quantity: number;
}

async function typeDate(page: Page, form: ReturnType<Page['locator']>, placeholder: string, value: string) {
  const input = form.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

describe('stocktaking in the browser', () => {
  let browser: Browser;
  let batch: Batch;
  let token = '';
  beforeAll(async () => {
    browser = await openBrowser();
    token = (await signIn('wh001')).token;
    // A batch from deep in the warehouse's stock list (other browser tests move other goods).
    const stock = await call<{ list: Batch[] }>(
      'POST',
      '/api/v1/storage/stock/findByPage',
      { pageNo: 4, pageSize: 20, warehouseId: WAREHOUSE },
      token,
    );
    batch = stock.list.find((b) => b.quantity >= 10 && b.shelfCode)!;
    expect(batch).toBeDefined();
  });
  afterAll(() => browser?.close());

  it(
    'plans, counts by typing, submits and approves; the stock follows the count',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openConsole(browser, 'wh001', LIST);
      await waitForApp(page, 'dacang');
      await page.getByRole('button', { name: '新增盘点计划' }).click();
      const form = formOf(page, '新增盘点计划');
      await pick(page, form, '请选择仓库', '杭州中心大仓');
      // The scope starts empty or at its default (全仓盘点), as the form fills defaults.
      await form.locator('.ant-select', { hasText: /请选择盘点范围|全仓盘点/ }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '按货位盘点' })
        .click();
      await form.getByPlaceholder('请输入货位').fill(batch.shelfCode);
      await typeDate(page, form, '请选择截止时间', '2099-12-31 18:00:00');
      const created = page.waitForResponse((r) => r.url().includes('/api/v1/storage/stocktake/add'));
      await form.getByTestId('form-submit').click();
      const answer = await (await created).json();
      expect(answer.result.success).toBe(true);
      const plan = answer.data as { id: number; code: string; status: number; freezeStock: boolean };
      expect(plan).toMatchObject({ status: 0, freezeStock: true });
      await form.waitFor({ state: 'hidden' });

      // 开始盘点 draws the count sheet from the shelf.
      const row = rows(page).filter({ hasText: plan.code }).first();
      await expect.poll(() => row.innerText()).toContain('未盘点');
      await rowAction(page, row, 'transition:start', '开始盘点');
      await confirm(page);
      await expect.poll(() => row.innerText()).toContain('盘点中');
      // The first line of the sheet is counted (the line table pages by ten).
      const sheet = await call<{ itemList: { batchNo: string; bookQuantity: number; shelfCode: string }[] }>(
        'GET',
        `/api/v1/storage/stocktake/detail/${plan.id}`,
        undefined,
        // Read as headquarters: wh001's API session gave way to his browser sign-in.
        (await signIn('hq001')).token,
      );
      expect(sheet.itemList.length).toBeGreaterThan(0);
      expect(sheet.itemList.every((l) => l.shelfCode === batch.shelfCode)).toBe(true);
      const first = sheet.itemList[0]!;
      batch = { ...batch, batchNo: first.batchNo, quantity: first.bookQuantity };
      const index = 0;

      // The count of that batch, typed: 1.5 short.
      const counted = Math.round(batch.quantity * 1000 - 1500) / 1000;
      await rowAction(page, row, 'edit:2', '录入盘点');
      const count = formOf(page, '录入盘点');
      const line = count.locator('.ant-table-row').nth(index);
      await line.getByPlaceholder('请输入实盘数量').fill(String(counted));
      const saved = page.waitForResponse((r) => r.url().includes('/api/v1/storage/stocktake/update'));
      await count.getByTestId('form-submit').click();
      const savedAnswer = await (await saved).json();
      expect(savedAnswer.result.success).toBe(true);
      const savedLine = (savedAnswer.data.itemList as { batchNo: string; differenceQuantity: number }[]).find(
        (l) => l.batchNo === batch.batchNo,
      );
      expect(savedLine?.differenceQuantity).toBe(-1.5);
      await count.waitFor({ state: 'hidden' });

      await rowAction(page, row, 'transition:submit', '提交审核');
      await expect.poll(() => row.innerText()).toContain('待审核');
      await context.close();

      await approveInCentre(browser, 'hq001', 'dacang', plan.code);

      // Approved: the batch holds the counted quantity, and its ledger names the stocktake.
      const after = await openConsole(browser, 'wh001', `/dacang/stock/stockList?keyword=${batch.batchNo}`);
      await waitForApp(after.page, 'dacang');
      const stockRow = rows(after.page).filter({ hasText: batch.shelfCode }).first();
      await expect.poll(() => stockRow.innerText()).toContain(counted.toFixed(3));
      await stockRow.getByText('流水').click();
      const moved = rows(after.page).filter({ hasText: plan.code });
      await moved.first().waitFor();
      const text = await moved.first().innerText();
      expect(text).toContain('盘亏');
      expect(text).toContain('-1.5');
      await after.context.close();
    },
  );
});
