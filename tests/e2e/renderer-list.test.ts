import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signIn, installSession } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { laneURL } from './lane';
import { openConsole } from './shell-helpers';

// The pick-order list rendered from schemas/pages/dacang/pickOrderList.json, on the real server, as
// hq001 (every code). Through the QA harness route, so only the renderer is under test.
const PAGE = '/__schema/dacang/pickOrderList';
const LIST_API = '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList';

type ListBody = {
  pageNo: number;
  pageSize: number;
  sort?: { field: string; order: string }[];
  [k: string]: unknown;
};

const isList = (r: Request) => r.url().includes(LIST_API) && r.method() === 'POST';

/** Runs an action and returns the list request it caused, once its answer has arrived. */
async function listCall(page: Page, action: () => Promise<unknown>): Promise<ListBody> {
  const [response] = await Promise.all([page.waitForResponse((r) => isList(r.request())), action()]);
  await response.finished();
  return response.request().postDataJSON() as ListBody;
}

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const cellTexts = async (page: Page, column: number) =>
  rows(page).evaluateAll(
    (trs, i) => trs.map((tr) => (tr.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    column,
  );

/** Index of a header cell by its title (selection column included). */
async function columnIndex(page: Page, title: string): Promise<number> {
  const titles = await page
    .locator('.fr-table-card .ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.trim()));
  const i = titles.indexOf(title);
  if (i < 0) throw new Error(`no column ${title} in ${titles.join('|')}`);
  return i;
}

async function pickOption(page: Page, label: string, option: string) {
  const item = page.locator('.fr-search .ant-formily-item', { hasText: label });
  // Fields past the first three wait behind 展开.
  if (!(await item.first().isVisible()))
    await page
      .locator('.fr-search-actions')
      .getByRole('button', { name: /展\s*开/ })
      .click();
  await item.locator('.ant-select').click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
}

describe('the schema list page in Chromium (hq001)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const baseURL = laneURL();

  beforeAll(async () => {
    browser = await openBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await installSession(context, baseURL, await signIn(baseURL, 'hq001'));
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  it('lists real rows newest first, with formatted cells and the permitted actions', async () => {
    const body = await listCall(page, () => page.goto(`${baseURL}${PAGE}`));
    expect(body).toEqual({ pageNo: 1, pageSize: 20, sort: [{ field: 'createTime', order: 'descend' }] });
    await rows(page).first().waitFor();
    await expect(page.locator('.ant-pagination-total-text').innerText()).resolves.toMatch(/^共 \d+ 条$/);
    const codes = await cellTexts(page, await columnIndex(page, '拣货单号'));
    expect(codes[0]).toMatch(/^JH\d{14}$/);
    const qty = await cellTexts(page, await columnIndex(page, '拣货总数'));
    expect(qty.every((q) => /^\d+\.\d{3}$/.test(q))).toBe(true);
    const times = await cellTexts(page, await columnIndex(page, '创建时间'));
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(page.locator('.fr-toolbar-title').innerText()).resolves.toBe('拣货单');
    await expect(page.locator('.ant-table-row [data-action="detail:0"]').count()).resolves.toBeGreaterThan(0);
  });

  it('filters by status and puts the search in the address, so a link reopens the same view', async () => {
    await pickOption(page, '状态', '已完成');
    const body = await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    expect(body.status).toEqual([40]);
    expect(body.pageNo).toBe(1);
    const status = await cellTexts(page, await columnIndex(page, '状态'));
    expect(status.length).toBeGreaterThan(0);
    expect(new Set(status)).toEqual(new Set(['已完成']));
    expect(new URL(page.url()).searchParams.getAll('status')).toEqual(['40']);

    const reopened = await listCall(page, () => page.goto(page.url()));
    expect(reopened.status).toEqual([40]);
    await expect(page.locator('.fr-search .ant-select-selection-item').first().innerText()).resolves.toBe(
      '已完成',
    );
  });

  it('sorts on the server by a sortable column, and only those offer sorting', async () => {
    const header = page.locator('.fr-table-card .ant-table-thead th', { hasText: '商品行数' });
    const body = await listCall(page, () => header.click());
    expect(body.sort).toEqual([{ field: 'lineCount', order: 'ascend' }]);
    const counts = (await cellTexts(page, await columnIndex(page, '商品行数'))).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('lineCount.ascend');
    await expect(
      page
        .locator('.fr-table-card .ant-table-thead th', { hasText: '门店名称' })
        .locator('.ant-table-column-sorters')
        .count(),
    ).resolves.toBe(0);
  });

  it('shows 500 rows a page, rendering only the visible ones', async () => {
    await listCall(page, () => page.getByRole('button', { name: /重\s*置/ }).click());
    await page.locator('.ant-pagination-options .ant-select').click();
    const body = await listCall(page, () =>
      page.locator('.ant-select-item-option[title="500 条/页"]').click(),
    );
    expect(body.pageSize).toBe(500);
    expect(body.pageNo).toBe(1);
    await rows(page).first().waitFor();
    const rendered = await rows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    // Scrolling the body brings the last of the 500 rows into view. The virtual list sizes its holder
    // once the rows are measured, so keep scrolling to the end until it has (as a user would).
    await page.waitForFunction(() => {
      const holder = document.querySelector('.fr-table-card .ant-table-tbody-virtual-holder');
      if (!holder) return false;
      holder.scrollTop = holder.scrollHeight;
      return holder.scrollTop > 10_000;
    });
    await expect(rows(page).last().isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).searchParams.get('pageSize')).toBe('500');
  });

  it('changing the page size never asks for a page past the total', async () => {
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
    await page.locator('.ant-pagination-options .ant-select').click();
    await listCall(page, () => page.locator('.ant-select-item-option[title="20 条/页"]').click());
    const last = Math.ceil(total / 20);
    await listCall(page, () => page.locator(`.ant-pagination-item[title="${last}"]`).click());
    await page.locator('.ant-pagination-options .ant-select').click();
    const body = await listCall(page, () =>
      page.locator('.ant-select-item-option[title="500 条/页"]').click(),
    );
    expect(body.pageSize).toBe(500);
    expect(body.pageNo).toBe(Math.ceil(total / 500));
    await rows(page).first().waitFor();
  });

  it('opens the detail drawer with the fields and the item lines', async () => {
    await listCall(page, () => page.goto(`${baseURL}${PAGE}`));
    const code = (await cellTexts(page, await columnIndex(page, '拣货单号')))[0]!;
    const detail = page.waitForResponse((r) => r.url().includes(`findPickOrderAndItemsByCode/${code}`));
    await rows(page).first().locator('a', { hasText: code }).click();
    await detail;
    const drawer = page.locator('.fr-detail-drawer');
    await expect(drawer.locator('.ant-drawer-title').innerText()).resolves.toBe(`拣货单详情：${code}`);
    await drawer.locator('[data-child="itemList"] .ant-table-row').first().waitFor();
    await expect(drawer.locator('.fr-detail-heading').innerText()).resolves.toMatch(
      /^拣货明细（共 \d+ 行）$/,
    );
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('runs a transition through its form: required first, one request however often 确定 is clicked', async () => {
    await pickOption(page, '状态', '待分配');
    // An order of the demo night (要货单号 YH…): pickers are bound to its zone (the older rows have none).
    await page.getByPlaceholder('请输入要货单号').fill('YH');
    await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    const code = (await cellTexts(page, await columnIndex(page, '拣货单号')))[0]!;
    const row = rows(page).filter({ hasText: code });
    await row.locator('[data-action="transition:assignPicker"]').click();
    const modal = page.locator('.ant-modal', { hasText: '分配拣货员' });
    await modal.getByTestId('form-submit').click();
    await modal.getByText('请选择拣货员').waitFor();

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pickOrder/assignPicker/')) calls.push(r.url());
    });
    await modal.locator('.ant-select', { hasText: '绑定该区域的拣货员' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '拣货' })
      .first()
      .click();
    const done = page.waitForResponse((r) => r.url().includes('/pickOrder/assignPicker/'));
    await modal.getByTestId('form-submit').dblclick();
    const response = await done;
    expect((await response.json()).result.success).toBe(true);
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(calls).toHaveLength(1);
    // The list reloads with the same filter: the order moved on to 待拣货 and left it.
    await page.waitForFunction(
      (c) =>
        ![...document.querySelectorAll('.fr-table-card .ant-table-row')].some((tr) =>
          tr.textContent?.includes(c),
        ),
      code,
    );
  });

  it('refuses an illegal batch before calling, then runs a legal one after a confirmation', async () => {
    await listCall(page, () => page.getByRole('button', { name: /重\s*置/ }).click());
    await pickOption(page, '状态', '已完成');
    await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-bar').getByText('已选择 1 项').waitFor();
    await page.getByTestId('batch-bar').locator('[data-action="transition:cancelPickOrder"]').click();
    await page.locator('.ant-message', { hasText: '当前状态为“已完成”，不能执行“取消”操作' }).waitFor();

    await listCall(page, () => page.getByRole('button', { name: /重\s*置/ }).click());
    await pickOption(page, '状态', '待拣货');
    await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    // Not the first row: the newest pick order is the 200-line one the print tests print as still open
    // (all e2e files share one server).
    await rows(page).nth(1).locator('.ant-checkbox-input').check();
    await rows(page).nth(2).locator('.ant-checkbox-input').check();
    await page.getByTestId('batch-bar').locator('[data-action="transition:finishPickOrder"]').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe('确定完成拣货吗？');
    const batch = page.waitForResponse((r) => r.url().endsWith('/pickOrder/batch/finishPickOrder'));
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    const answer = await (await batch).json();
    expect(answer.data).toEqual({ count: 2 });
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
  });

  it('selects a range with shift, marks the rows, and the header checkbox follows the page', async () => {
    await listCall(page, () => page.getByRole('button', { name: /重\s*置/ }).click());
    const header = page.locator('.fr-table-card .ant-table-thead .ant-table-selection-column .ant-checkbox');
    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    await rows(page)
      .nth(3)
      .locator('.ant-checkbox-input')
      .click({ modifiers: ['Shift'] });
    await page.getByTestId('batch-bar').getByText('已选择 4 项').waitFor();
    const marked = await rows(page).evaluateAll((trs) =>
      trs.slice(0, 5).map((tr) => tr.classList.contains('ant-table-row-selected')),
    );
    expect(marked).toEqual([true, true, true, true, false]);
    await expect(header.getAttribute('class')).resolves.toContain('ant-checkbox-indeterminate');

    await header.locator('.ant-checkbox-input').click();
    await expect(header.getAttribute('class')).resolves.toContain('ant-checkbox-checked');
    const bar = page.getByTestId('batch-bar');
    await bar.getByText('取消选择').click();
    // The bar stays (the table must not move), with nothing to do until a row is ticked again.
    await bar.getByText('已选择 0 项').waitFor();
    const disabled = await bar
      .locator('[data-action]')
      .evaluateAll((b) => b.map((e) => e.hasAttribute('disabled')));
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled).toEqual(disabled.map(() => true));
    await expect(header.getAttribute('class')).resolves.not.toContain('ant-checkbox-checked');
  });

  it('keeps what the user typed when the server refuses the search', async () => {
    const long = 'X'.repeat(101);
    const input = page.getByPlaceholder('请输入拣货单号');
    await input.fill(long);
    const response = page.waitForResponse((r) => r.url().includes(LIST_API));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    expect((await response).status()).toBe(400);
    await page.locator('.ant-message-error').waitFor();
    await expect(input.inputValue()).resolves.toBe(long);
    await expect(rows(page).count()).resolves.toBeGreaterThan(0);
  });

  it('column settings (show, hide, reorder, density) are kept for the user', async () => {
    await page.goto(`${baseURL}${PAGE}`);
    await rows(page).first().waitFor();
    // Let the page's late requests (catalogue, enums) settle first: a popover opened while the page is
    // still being replaced can take a click on its fading copy.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '列设置' }).click();
    const settings = page.getByTestId('column-settings');
    await settings.locator('[data-column="warehouseName"] .ant-checkbox-input').uncheck();
    await settings.locator('[data-column="storeName"]').getByRole('button', { name: '上移' }).click();
    await page.getByRole('button', { name: '密度' }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '紧凑' }).click();
    await page.reload();
    await rows(page).first().waitFor();
    const titles = await page
      .locator('.fr-table-card .ant-table-thead th')
      .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).innerText.trim()).filter(Boolean));
    expect(titles).not.toContain('仓库');
    expect(titles.indexOf('门店名称')).toBeLessThan(titles.indexOf('门店编码'));
    await expect(page.locator('.fr-table-card .ant-table-small').count()).resolves.toBe(1);
  });
});

describe('permissions decide what the renderer offers (the server decides what happens)', () => {
  let browser: Browser;
  const baseURL = laneURL();
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('md001 (a store manager) gets no list and no actions on the pick orders, and the server refuses him', async () => {
    const session = await signIn(baseURL, 'md001');
    const context = await browser.newContext();
    await installSession(context, baseURL, session);
    const page = await context.newPage();
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(LIST_API)) listCalls.push(r.url());
    });
    await page.goto(`${baseURL}${PAGE}`);
    await page.getByText('您未开通权限，请联系管理人员').waitFor();
    await expect(page.locator('[data-action]').count()).resolves.toBe(0);
    expect(listCalls).toEqual([]);
    // Hidden is a courtesy: the same calls made by hand are refused.
    const list = await apiCall(baseURL, session, LIST_API, { pageNo: 1, pageSize: 20 });
    expect([list.status, list.body.result.code]).toEqual([401, 'E0401']);
    const finish = await apiCall(baseURL, session, '/gateApi/storageAdmin/pickOrder/finishPickOrder/1', {});
    expect([finish.status, finish.body.result.msg]).toEqual([401, '您未开通权限，请联系管理人员']);
    await context.close();
  });

  it('a user whose profile lacks a code sees no button for it (hq001 with pickOrder:cancel and :finish taken away)', async () => {
    const session = await signIn(baseURL, 'hq001');
    const powerControl = (session.profile.powerControl as { code: string }[]).filter(
      (p) => p.code !== 'pickOrder:cancel' && p.code !== 'pickOrder:finish',
    );
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await installSession(context, baseURL, { ...session, profile: { ...session.profile, powerControl } });
    const page = await context.newPage();
    await page.goto(`${baseURL}${PAGE}`);
    await rows(page).first().waitFor();
    await expect(page.locator('[data-action="transition:assignPicker"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('[data-action="transition:cancelPickOrder"]').count()).resolves.toBe(0);
    // Of the batch actions only 自动分配 (pickOrder:assign, which he keeps) is offered.
    await rows(page).first().locator('.ant-checkbox-input').check();
    const bar = page.getByTestId('batch-bar');
    await bar.getByText('已选择 1 项').waitFor();
    await expect(bar.locator('[data-action="transition:autoAssign"]').count()).resolves.toBe(1);
    await expect(bar.locator('[data-action="transition:finishPickOrder"]').count()).resolves.toBe(0);
    await expect(bar.locator('[data-action="transition:cancelPickOrder"]').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('the schema list page in its sub-app (hq001)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('asks for each view once: a search, a sort and a page send one list request each', async () => {
    // In a sub-app the list writes each view into the address through the app's router; when the new
    // address remade the page's data source, a second request for the same view followed the first
    // answer within a few frames.
    const { context, page } = await openConsole(browser, 'hq001', '/dacang/distribution/pickOrderList');
    await rows(page).first().waitFor();
    const sent: ListBody[] = [];
    page.on('request', (r) => {
      if (isList(r)) sent.push(r.postDataJSON() as ListBody);
    });
    await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    const header = page.locator('.fr-table-card .ant-table-thead th', { hasText: '商品行数' });
    await listCall(page, () => header.click());
    await listCall(page, () => page.locator('.fr-table-card .ant-pagination-next').click());
    await page.waitForTimeout(1_000);
    expect(sent.map((b) => b.pageNo)).toEqual([1, 1, 2]);
    expect(sent[1]!.sort).toEqual([{ field: 'lineCount', order: 'ascend' }]);
    expect(sent[2]).toEqual({ ...sent[1], pageNo: 2 });
    await context.close();
  });

  it('a reference picker opened before its resource has arrived lists its options when it does', async () => {
    // The picker's resource (pickerArea) is a chunk of its own, loaded when the form opens. On a slow
    // first load a dropdown opened before it arrived stayed empty until it was opened again.
    const { context, page } = await openConsole(browser, 'hq001', '/dacang/distribution/pickOrderList');
    await rows(page).first().waitFor();
    await pickOption(page, '状态', '待分配');
    await page.getByPlaceholder('请输入要货单号').fill('YH');
    await listCall(page, () => page.getByRole('button', { name: /查\s*询/ }).click());
    let asked = false;
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/pickerArea-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    try {
      await rows(page).first().locator('[data-action="transition:assignPicker"]').click();
      const modal = page.locator('.ant-modal', { hasText: '分配拣货员' });
      await modal.locator('.ant-select', { hasText: '绑定该区域的拣货员' }).click();
      await page.locator('.ant-select-dropdown:visible').waitFor();
      expect(asked).toBe(true);
    } finally {
      arrive();
    }
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '拣货' })
      .first()
      .waitFor({ timeout: 10_000 });
    await context.close();
  });
});
