import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSession, signIn } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { laneURL } from './lane';

// Forms of schema list pages in a modal (schemas/forms/*.json completed from the resources), on the
// real server as hq001: create, edit, role assignment, a confirmed transition, delete; and a
// document with item lines. Through the QA harness route, so only the renderer is under test.
const USERS = '/__schema/admin/userList';
const ACCOUNT = 'rdr0001';

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const modal = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
const submit = (m: Locator) => m.getByTestId('form-submit').click();

async function searchAccount(page: Page, account: string) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/manage/user/list'));
  await page.goto(`${page.url().split('?')[0]}?account=${account}`);
  await (await listed).finished();
  await page.locator('.fr-table-card .ant-table-row, .fr-table-card .ant-empty').first().waitFor();
}

describe('schema forms in Chromium (hq001)', () => {
  let browser: Browser;
  let page: Page;
  let createKey = '';
  const baseURL = laneURL();

  beforeAll(async () => {
    browser = await openBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await installSession(context, baseURL, await signIn(baseURL, 'hq001'));
    page = await context.newPage();
    await page.goto(`${baseURL}${USERS}`);
    await rows(page).first().waitFor();
  });
  afterAll(() => browser?.close());

  it('creates a user: the resource’s required messages first, then an encrypted password', async () => {
    await page.getByRole('button', { name: '新增用户' }).click();
    const m = modal(page, '新增用户');
    await submit(m);
    for (const text of ['请输入账号', '请输入初始密码', '请输入姓名'])
      await m.getByText(text, { exact: true }).waitFor();
    await m.getByPlaceholder('字母、数字或下划线').fill(ACCOUNT);
    await m.locator('input[type="password"]').fill('abcdefgh');
    await m.getByPlaceholder('请输入姓名').fill('渲染测试');
    await m.getByPlaceholder('请输入手机号').fill('2391234567');
    await submit(m);
    await m.getByText('密码须为数字、字母和特殊字符 {}~!@#$%^&*_-. 中的至少两种').waitFor();
    await m.getByText('请输入正确的手机号').waitFor();
    await m.locator('input[type="password"]').fill('Render#2026');
    await m.getByPlaceholder('请输入手机号').fill('13912340001');
    const created = page.waitForRequest((r) => r.url().endsWith('/api/manage/user') && r.method() === 'POST');
    await submit(m);
    const createCall = await created;
    const body = createCall.postDataJSON();
    expect(body).toMatchObject({ account: ACCOUNT, realName: '渲染测试', phone: '13912340001' });
    // Issue 13.4: the opened form's idempotency key goes with the submission.
    createKey = createCall.headers()['idempotency-key'] ?? '';
    expect(createKey).toMatch(/^[0-9a-f]{32}$/);
    expect(body.password).not.toContain('Render');
    expect(body.password.length).toBeGreaterThan(300);
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    await m.waitFor({ state: 'hidden' });
    await searchAccount(page, ACCOUNT);
    // Polled: on a loaded machine the table may still show its empty state when the answer has come.
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect(rows(page).first().innerText()).resolves.toContain('渲染测试');
  });

  it('edits the user, and the row shows the saved value', async () => {
    await rows(page).first().locator('[data-action="edit:1"]').click();
    const m = modal(page, '编辑用户');
    const name = m.getByPlaceholder('请输入姓名');
    await expect(name.inputValue()).resolves.toBe('渲染测试');
    await name.fill('渲染测试二');
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/manage/user/'));
    await submit(m);
    const saveCall = await saved;
    const body = saveCall.postDataJSON();
    expect(body.realName).toBe('渲染测试二');
    // Another opened form, another key.
    expect(saveCall.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(saveCall.headers()['idempotency-key']).not.toBe(createKey);
    expect(body).not.toHaveProperty('account');
    expect(body).not.toHaveProperty('status');
    await m.waitFor({ state: 'hidden' });
    await rows(page).first().getByText('渲染测试二').waitFor();
  });

  it('assigns roles through the relation form', async () => {
    await rows(page).first().getByText('更多').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '分配角色' }).click();
    const m = modal(page, '分配角色');
    await m.locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '财务专员' })
      .click();
    await page.keyboard.press('Escape');
    const set = page.waitForResponse(
      (r) => r.url().includes('/api/manage/user/role/') && r.request().method() === 'POST',
    );
    await submit(m);
    const answer = await (await set).json();
    expect(answer.data.list.map((r: { name: string }) => r.name)).toEqual(['财务专员']);
    await m.waitFor({ state: 'hidden' });
  });

  it('runs a confirmed transition (停用) and the status tag follows', async () => {
    await rows(page).first().getByText('更多').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '停用' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe(
      '停用后该账号将立即退出登录，确定停用吗？',
    );
    const moved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/disable'));
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    expect((await moved).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
    await rows(page).first().locator('.ant-tag', { hasText: '已停用' }).waitFor();
  });

  it('deletes the user after the page’s confirmation', async () => {
    await rows(page).first().getByText('更多').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe(
      '删除后不可恢复，确定删除该用户吗？',
    );
    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    expect((await removed).status()).toBe(200);
    await page.locator('.fr-table-card .ant-empty').waitFor();
  });

  it('creates a transfer application with item lines in an ArrayTable', async () => {
    await page.goto(`${baseURL}/__schema/dacang/transferApplyList`);
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: '新增调拨申请' }).click();
    const m = modal(page, '新增调拨申请');
    await submit(m);
    await m.getByText('请输入所属公司').waitFor();
    await m.getByText('请添加调拨商品').waitFor();
    await m.getByPlaceholder('请输入所属公司').fill('鲜丰集团华东公司');
    await m.getByPlaceholder('请选择申请日期').click();
    await page.locator('.ant-picker-dropdown:visible').getByText('今天').click();
    // Warehouses and goods are picked from the master data (issue 16.4), never typed.
    for (const [placeholder, name] of [
      ['请选择调出仓', '杭州中心大仓'],
      ['请选择调入仓', '广州中心大仓'],
    ]) {
      await m.locator('.ant-select', { hasText: placeholder }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    }
    await m.getByRole('button', { name: '批量选择调拨商品' }).click();
    const chooser = page.locator('.ant-modal').filter({
      has: page.locator('.ant-modal-title', { hasText: /^选择调拨商品$/ }),
    });
    const search = chooser.getByPlaceholder('输入编码或名称搜索');
    await search.fill('100001');
    await search.press('Enter');
    await chooser
      .locator('.ant-table-row', { hasText: '100001' })
      .first()
      .locator('.ant-checkbox-input')
      .check();
    await chooser.getByRole('button', { name: '添加 1 项' }).click();
    const line = m.locator('.ant-table-row').first();
    await line.getByPlaceholder('请输入申请数量').fill('12.5');
    const created = page.waitForResponse((r) => r.url().includes('/transferApply/web/add'));
    await submit(m);
    const answer = await (await created).json();
    expect(answer.result.success).toBe(true);
    expect(answer.data.itemList).toHaveLength(1);
    expect(answer.data.itemList[0]).toMatchObject({ commodityCode: '100001', expectQuantity: 12.5 });
    await m.waitFor({ state: 'hidden' });
    // Newest first: the new application heads the list.
    await rows(page).first().getByText(answer.data.orderCode).waitFor();
  });
});
