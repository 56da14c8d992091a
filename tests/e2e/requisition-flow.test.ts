import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, employeeWith, formOf, pick, rowAction, rows } from './product-helpers';
import { openPrint, printSession } from './print-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';
import { laneURL } from './lane';

/**
 * Issue 18.4 in Chromium: a clerk (a generated employee holding the requisition page and its buttons)
 * creates a department requisition (部门领用单) of a batch picked from warehouse 22's stock, submits it
 * for approval; hq001 approves it in the /admin approval centre, which takes the batch out; 库存查询
 * shows the batch smaller and 库存流水 the 领用出库 row; the print page shows what was issued.
 */
const CLERK = 'e00235';
const WAREHOUSE = 22; // 广州中心大仓
const LIST = '/admin/finance/obtainOrderList';

interface Batch {
  commodityCode: string;
  commodityName: string;
  batchNo: string;
  shelfCode: string;
  warehouseName: string;
  quantity: number;
}

describe('department requisitions in the browser', () => {
  const baseURL = laneURL();
  let browser: Browser;
  let batch: Batch;
  beforeAll(async () => {
    browser = await openBrowser();
    await employeeWith(CLERK, 'E2E_OBTAIN', [LIST, 'obtainOrder:add', 'obtainOrder:print']);
    const hq = await signIn('hq001');
    // A batch from deep in the warehouse's stock list (other browser tests move other goods).
    const stock = await call<{ list: Batch[] }>(
      'POST',
      '/api/v1/storage/stock/findByPage',
      { pageNo: 4, pageSize: 20, warehouseId: WAREHOUSE },
      hq.token,
    );
    batch = stock.list.find((b) => b.quantity >= 10 && b.shelfCode && b.shelfCode !== '在途')!;
    expect(batch).toBeDefined();
  });
  afterAll(() => browser?.close());

  it(
    'creates, submits and approves a requisition; the stock goes down and the print shows it',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openConsole(browser, CLERK, LIST);
      await waitForApp(page, 'admin');
      await page.getByRole('button', { name: '新增领用单' }).click();
      const form = formOf(page, '新增领用单');
      // The batches wait for the warehouse.
      const pickLines = form.getByRole('button', { name: '批量选择领用明细' });
      await expect.poll(() => pickLines.isDisabled()).toBe(true);
      await pick(page, form, '请选择出库仓库', batch.warehouseName);
      await expect.poll(() => pickLines.isDisabled()).toBe(false);
      await form.getByPlaceholder('请输入领用部门').fill('行政部');
      await form.getByPlaceholder('请输入领用人').fill('李领用');
      await form.getByPlaceholder('请选择领用日期').click();
      await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
      await pickLines.click();
      const chooser = page.locator('.ant-modal').filter({
        has: page.locator('.ant-modal-title', { hasText: /^选择领用明细$/ }),
      });
      // The batches of a commodity are told apart by what the line copies: shelf and batch.
      await chooser.getByPlaceholder('输入编码或名称搜索').fill(batch.commodityCode);
      await chooser.getByPlaceholder('输入编码或名称搜索').press('Enter');
      const option = chooser
        .locator('.ant-table-row', { hasText: batch.batchNo })
        .filter({ hasText: batch.shelfCode });
      await expect.poll(() => option.count()).toBe(1);
      await expect(option.innerText()).resolves.toContain(batch.commodityName);
      await option.locator('.ant-checkbox-input').check();
      await chooser.getByRole('button', { name: '添加 1 项' }).click();
      const line = form.locator('.ant-table-row').first();
      await line.getByPlaceholder('请输入申领数量').fill('2.5');
      const created = page.waitForResponse((r) => r.url().includes('/DpObtainOutOrder/web/add'));
      await form.getByTestId('form-submit').click();
      const answer = await (await created).json();
      expect(answer.result.success, JSON.stringify(answer.result)).toBe(true);
      const doc = answer.data as { id: number; orderCode: string; status: number };
      expect(doc.status).toBe(4);
      await form.waitFor({ state: 'hidden' });

      // 提交审批 from the list: it waits for headquarters.
      await page.goto(page.url().replace(/\/admin\/.*$/, `${LIST}?orderCode=${doc.orderCode}`));
      await waitForApp(page, 'admin');
      const row = rows(page).filter({ hasText: doc.orderCode }).first();
      await expect.poll(() => row.innerText()).toContain('草稿');
      await rowAction(page, row, 'transition:submit', '提交审批');
      await expect.poll(() => row.innerText()).toContain('待审核');
      await context.close();

      // Headquarters approves in the admin app's approval centre.
      await approveInCentre(browser, 'hq001', 'admin', doc.orderCode);

      // The batch is 2.5 smaller, and its ledger names the requisition.
      const hq = await openConsole(browser, 'hq001', `/dacang/stock/stockList?keyword=${batch.batchNo}`);
      await waitForApp(hq.page, 'dacang');
      const left = (Math.round(batch.quantity * 1000 - 2500) / 1000).toFixed(3);
      const held = rows(hq.page)
        .filter({ hasText: batch.warehouseName })
        .filter({ hasText: batch.shelfCode })
        .filter({ hasText: left })
        .first();
      await held.waitFor();
      await held.getByText('流水').click();
      const moved = rows(hq.page).filter({ hasText: doc.orderCode });
      await moved.first().waitFor();
      const text = await moved.first().innerText();
      expect(text).toContain('领用出库');
      expect(text).toContain('-2.5');
      await hq.context.close();

      // The print page: asked 2.500, issued 2.500.
      const printer = await printSession(browser, baseURL, CLERK);
      const sheet = await printer.context.newPage();
      await expect(openPrint(sheet, baseURL, `/print/finance/print/${doc.id}`)).resolves.toBe('ready');
      const printed = sheet.locator('tr', { hasText: batch.commodityCode }).first();
      await expect.poll(() => printed.innerText()).toMatch(/2\.500[\s\S]*2\.500/);
      await expect(sheet.locator('.pr-root').innerText()).resolves.toContain(doc.orderCode);
      await printer.context.close();
    },
  );
});
