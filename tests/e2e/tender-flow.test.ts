import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { confirm, formOf, pick, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 15.8 in Chromium: hq001 creates a tender for a category with a commodity picked at once,
 * publishes it, enters two suppliers' bids, closes the bidding, marks the cheaper bid as winning and
 * awards it; 供货关系 then shows the winner's purchase price for the commodity, priced by the tender.
 */
interface Named {
  id: number;
  code: string;
  name: string;
}

/** Types a date (or date and time) into an antd picker of the open form and accepts it. */
async function typeDate(page: Page, form: ReturnType<Page['locator']>, placeholder: string, value: string) {
  const input = form.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Runs a transition of the tender's row from the list (its confirm accepted) and waits for the status. */
async function transition(page: Page, code: string, action: string, title: string, status: string) {
  const row = rows(page).filter({ hasText: code }).first();
  await rowAction(page, row, action, title);
  await confirm(page);
  await expect.poll(() => rows(page).filter({ hasText: code }).first().innerText()).toContain(status);
}

/** Opens an edit form of the tender's row (its row action `action`) and saves it once `fill` has filled it. */
async function editForm(
  page: Page,
  code: string,
  action: string,
  title: string,
  fill: (form: ReturnType<Page['locator']>) => Promise<void>,
) {
  const row = rows(page).filter({ hasText: code }).first();
  await rowAction(page, row, action, title);
  const form = formOf(page, title);
  await fill(form);
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/purchase/tender/update'));
  await form.getByTestId('form-submit').click();
  expect((await (await saved).json()).result).toMatchObject({ success: true });
  await form.waitFor({ state: 'hidden' });
}

describe('tenders in the browser', () => {
  let browser: Browser;
  let suppliers: Named[] = [];
  let commodity: Named;
  beforeAll(async () => {
    browser = await openBrowser();
    const hq = await signIn('hq001');
    const found = await call<{ list: Named[] }>(
      'POST',
      '/api/v1/product/supplier/findByPage',
      { pageNo: 2, pageSize: 10, status: [1] },
      hq.token,
    );
    suppliers = found.list.slice(0, 2);
    const goods = await call<{ list: Named[] }>(
      'POST',
      '/api/v1/product/commodity/getPageForCommon',
      { pageNo: 1, pageSize: 5, status: 1, purchaseEnabled: true, keyword: '凯特芒' },
      hq.token,
    );
    commodity = goods.list[0]!;
  });
  afterAll(() => browser?.close());

  it('creates, publishes, takes bids, evaluates and awards a tender', { timeout: 150_000 }, async () => {
    const { context, page } = await openConsole(browser, 'hq001', '/admin/purchase/tenderList');
    await waitForApp(page, 'admin');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '新增招标' }).click();
    const form = formOf(page, '新增招标');
    await form.getByPlaceholder(/集中采购招标/).fill('浏览器测试热带水果招标');
    await form.locator('.ant-select', { hasText: '请选择招标品类' }).click();
    await page.keyboard.type('热带水果');
    await page
      .locator('.ant-select-tree-node-content-wrapper:visible', { hasText: /热带水果$/ })
      .first()
      .click();
    await typeDate(page, form, '请选择供货开始日期', '2026-12-10');
    await typeDate(page, form, '请选择供货结束日期', '2027-03-10');
    await typeDate(page, form, '请选择投标截止时间', '2026-12-05 18:00:00');
    await form.getByRole('button', { name: '批量选择招标商品' }).click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择招标商品$/ }),
    });
    await chooser.getByPlaceholder('输入编码或名称搜索').fill(commodity.code);
    await chooser.getByPlaceholder('输入编码或名称搜索').press('Enter');
    await expect.poll(() => chooser.locator('.ant-table-row').count()).toBe(1);
    await chooser.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    await form.locator('.ant-table-row').first().getByPlaceholder('请输入预计采购量').fill('500');
    const created = page.waitForResponse((r) => r.url().includes('/api/v1/purchase/tender/add'));
    await form.getByTestId('form-submit').click();
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    const code = (answer.data as { code: string }).code;
    await form.waitFor({ state: 'hidden' });

    await page.getByPlaceholder('招标编号、名称或品类').fill(code);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(rows(page).first().innerText()).resolves.toContain('待投标');
    await transition(page, code, 'transition:publish', '发布', '投标中');

    // Two suppliers bid for the commodity; the second is cheaper.
    await editForm(page, code, 'edit:3', '录入投标', async (bids) => {
      const offers: [Named, string][] = [
        [suppliers[0]!, '18.60'],
        [suppliers[1]!, '16.80'],
      ];
      for (const [n, [supplier, price]] of offers.entries()) {
        await bids.getByRole('button', { name: '添加供应商投标' }).click();
        const line = bids.locator('.ant-table-row').nth(n);
        await pick(page, line, '请选择供应商', supplier.name, supplier.name);
        await pick(page, line, '请选择投标商品', commodity.name, commodity.code);
        await line.getByPlaceholder('请输入投标单价').fill(price);
        await line.getByPlaceholder('请输入可供数量').fill('300');
      }
    });
    await transition(page, code, 'transition:closeBidding', '截止投标', '待评标');

    await editForm(page, code, 'edit:5', '评标', async (evaluation) => {
      await expect.poll(() => evaluation.locator('.ant-table-row').count()).toBe(2);
      const cheaper = evaluation.locator('.ant-table-row', { hasText: suppliers[1]!.name });
      await cheaper.locator('.ant-switch').click();
      await expect.poll(() => cheaper.locator('.ant-switch-checked').count()).toBe(1);
    });
    await transition(page, code, 'transition:award', '定标', '已完成');
    await context.close();

    // The award priced the winner's supply of the commodity.
    const relations = await openConsole(
      browser,
      'hq001',
      `/admin/product/supplierCommodityList?keyword=${commodity.code}&supplierId=${suppliers[1]!.id}`,
    );
    await waitForApp(relations.page, 'admin');
    const relation = rows(relations.page).filter({ hasText: suppliers[1]!.name });
    await relation.first().waitFor();
    const text = await relation.first().innerText();
    expect(text).toContain('16.80');
    expect(text).toContain('招标定价');
    await relations.context.close();
  });
});
