import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, installSession, type SignedIn, signIn } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { type ServerProcess, startServer } from '../fixtures/server-process';
import { DEMO_NOTE_URI, demoPurchaseNoteResource, writeSchemaFiles } from '../fixtures/entity/supplier';
import { preparedCopy, runInCopy, STAGES } from '../fixtures/entity/project-copy';

// Issue 12, "done when": a new business entity over new tables, added to a copy of the project as
// JSON files only (enum, resources with a reference and an enum field, seeds, a create form with lines
// and computed totals, a list page with search, export and print), passes codegen and the lint, and
// the real server and the real browser list its seeded rows, filter, sort, create a document with a
// picked supplier and lines (figures computed by the server), refuse bad input in Chinese, export and
// print it. The same files with a broken column fail the lint naming the file.
describe('a new business entity as JSON only, end to end', () => {
  let root: string;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let session: SignedIn;
  /** The document the create test made (printed later). */
  let createdCode = '';
  const rows = () => page.locator('.fr-table-card .ant-table-row');

  beforeAll(async () => {
    // Copied, generated, linted, built and started once (the first start seeds the new tables):
    // usually by npm test's step before the browser tests (tests/fixtures/entity/project-copy.ts).
    const copy = await preparedCopy();
    root = copy.root;
    for (const stage of copy.stages) expect(stage.status, `${stage.name}:\n${stage.output}`).toBe(0);
    expect(copy.stages.map((s) => s.name)).toEqual(STAGES);
    server = await startServer({ root, dataDir: copy.dataDir });
    browser = await openBrowser();
    session = await signIn(server.url, 'hq001');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await installSession(context, server.url, session);
    page = await context.newPage();
  }, 420_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (root) fs.rmSync(path.dirname(root), { recursive: true, force: true });
  });

  it('lists the seeded documents in the menu page, filters by the picked supplier, sorts', async () => {
    await page.goto(`${server.url}${DEMO_NOTE_URI}`);
    await rows().first().waitFor();
    await page.getByText('共 30 条').waitFor();
    // Filter by the first row's supplier: the picker pages through the suppliers as the user types.
    const supplier = (await rows().first().locator('.ant-table-cell:nth-child(2)').textContent())!;
    const picker = page.getByTestId('list-search').locator('.ant-select', { hasText: '请选择供应商' });
    await picker.click();
    await page.keyboard.type(supplier.slice(0, 4));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: supplier }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect
      .poll(async () => [...new Set(await rows().locator('.ant-table-cell:nth-child(2)').allTextContents())])
      .toEqual([supplier]);
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.getByText('共 30 条').waitFor();
    // Sort by the total, largest first: the server's order.
    await page.locator('th', { hasText: '合计金额' }).click();
    await page.locator('th', { hasText: '合计金额' }).click();
    await expect
      .poll(async () => {
        const texts = await rows().locator('.ant-table-cell:nth-child(4)').allTextContents();
        const totals = texts.map((s) => Number(s.replace(/,/g, '')));
        return totals.length > 1 && totals.every((v, i) => i === 0 || totals[i - 1]! >= v);
      })
      .toBe(true);
  });

  it('creates a document: supplier picked, lines scanned and picked many at once, figures live and then the server’s', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-modal', { hasText: '新增采购记录' });
    await drawer.getByTestId('form-submit').click();
    // The message under the picker (its placeholder says the same).
    await expect.poll(() => drawer.getByText('请选择供应商').count()).toBe(2);
    await drawer.getByText('请添加采购明细').waitFor();

    await drawer.locator('.ant-select', { hasText: '请选择供应商' }).click();
    await page.keyboard.type('绿源');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'SUP0001' })
      .click();
    await drawer.getByPlaceholder('请选择采购日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    // A scanned barcode adds its commodity; scanned again it counts the line up.
    const scanner = drawer.getByPlaceholder('扫码或输入条码后回车');
    for (let n = 0; n < 2; n++) {
      await scanner.fill('6900000000001');
      await scanner.press('Enter');
      await expect.poll(() => scanner.inputValue()).toBe('');
    }
    const first = drawer.locator('.ant-table-row').first();
    await first.getByText('C0001 赣南脐橙').or(first.getByText('赣南脐橙')).first().waitFor();
    expect(await first.getByPlaceholder('请输入数量').inputValue()).toBe('2.000');
    await scanner.fill('0000');
    await scanner.press('Enter');
    await page.locator('.ant-message-notice', { hasText: '未找到条码 0000' }).waitFor();
    // Many at once: the picker lists the commodities; a ticked one becomes a line.
    await drawer.getByRole('button', { name: '批量选择采购明细' }).click();
    const chooser = page
      .locator('.ant-modal')
      .filter({ has: page.locator('.ant-modal-title', { hasText: /^选择采购明细$/ }) });
    await chooser.getByPlaceholder('输入编码或名称搜索').fill('C0002');
    await chooser.getByPlaceholder('输入编码或名称搜索').press('Enter');
    await chooser
      .locator('.ant-table-row', { hasText: 'C0002 阿克苏苹果' })
      .locator('.ant-checkbox-input')
      .check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    await expect.poll(() => drawer.locator('.ant-table-row').count()).toBe(2);
    for (const [index, quantity, price] of [
      [0, '12.5', '6.8'],
      [1, '3', '9.9'],
    ] as const) {
      const line = drawer.locator('.ant-table-row').nth(index);
      await line.getByPlaceholder('请输入数量').fill(quantity);
      await line.getByPlaceholder('请输入单价').fill(price);
    }
    // Live: 12.5 × 6.8 = 85, 3 × 9.9 = 29.7, total 114.7, two lines, before anything is saved.
    await drawer.locator('.ant-table-row').first().getByText('85').waitFor();
    await drawer.getByText('114.7').waitFor();

    const created = page.waitForResponse((r) => r.url().includes('/api/v1/demo/purchaseNote/add'));
    await drawer.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    expect(answer.data).toMatchObject({
      supplierName: '杭州绿源果业有限公司',
      totalAmount: 114.7,
      lineCount: 2,
    });
    expect(answer.data.itemList.map((l: { amount: number }) => l.amount)).toEqual([85, 29.7]);
    expect(answer.data.itemList.map((l: { commodityName: string }) => l.commodityName)).toEqual([
      '赣南脐橙',
      '阿克苏苹果',
    ]);
    createdCode = answer.data.noteCode;
    await drawer.waitFor({ state: 'hidden' });
    await page.getByText('共 31 条').waitFor();
  });

  it('exports the list through the export centre', async () => {
    await page.getByRole('button', { name: /导\s*出/ }).click();
    await page.locator('.ant-message-notice', { hasText: '已加入导出任务' }).first().waitFor();
    await expect
      .poll(
        async () => {
          const { body } = await apiCall(server.url, session, '/api/v1/export/jobs?pageNo=1&pageSize=20');
          const jobs = body.data as { list: { status: number; rowCount: number | null }[] };
          return jobs.list[0] && [jobs.list[0].status, jobs.list[0].rowCount];
        },
        { timeout: 60_000 },
      )
      .toEqual([2, 31]);
  });

  it('prints a document from its row: the declared sheet with the code’s barcode and totals', async () => {
    await page.getByPlaceholder('请输入单号').fill(createdCode);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 1 条').waitFor();
    const row = rows().filter({ hasText: createdCode });
    const [sheet] = await Promise.all([page.context().waitForEvent('page'), row.getByText('打印').click()]);
    await sheet.locator('[data-print-state="ready"]').waitFor();
    const text = await sheet.locator('.pr-sheet').innerText();
    expect(text).toContain('采购单');
    expect(text).toContain('杭州绿源果业有限公司');
    expect(text).toMatch(/合计[\s\S]*15\.500[\s\S]*114\.70/);
    expect(text).toContain('收货人');
    expect(await sheet.locator('.pr-head-code svg').count()).toBe(1);
    await sheet.close();
  });

  it('the same files with a broken column fail the lint, naming the file', async () => {
    // The looked-up supplier code names a column the supplier table does not have.
    const note = demoPurchaseNoteResource();
    note.fields.supplierCode['x-lookup'].column = 'supplierCod';
    writeSchemaFiles(path.join(root, 'schemas'), new Map([['resources/demoPurchaseNote.json', note]]));
    // Tables and columns only: the migrated database is where the column is missing.
    const lint = await runInCopy(root, 'scripts/lint-schemas/index.ts', ['--no-seed']);
    expect(lint.status).toBe(1);
    expect(lint.output).toContain(
      'schemas/resources/demoPurchaseNote.json#/fields/supplierCode/x-lookup/column: field "supplierCode": column "demo_supplier.supplier_cod" does not exist in the migrated database',
    );
  });
});
