import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSession, signIn } from '../../scripts/snapshots/sign-in';
import { downloadedBytes, openBrowser } from './browser';
import { call } from './shell-helpers';
import { laneURL } from './lane';

/**
 * Issue 6, the admin side in Chromium as hq001, through the schema pages (QA harness routes) and the
 * panels harness: system notices (add, edit, withdraw, publish; the setting log), an app version with
 * an uploaded package that the download centre then offers, and the packer list exported through the
 * export centre. Rows are this file's own: a notice and a version no other test reads; the notice ends
 * withdrawn so no receiver's unread count changes for the tests after this one.
 */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const modal = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
const submit = (m: Locator) => m.getByTestId('form-submit').click();
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();
const item = (m: Locator, label: string) => m.locator('.ant-formily-item').filter({ hasText: label });

describe('admin panels in Chromium (hq001)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const baseURL = laneURL();

  beforeAll(async () => {
    browser = await openBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const session = await signIn(baseURL, 'hq001');
    token = session.token;
    await installSession(context, baseURL, session);
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  /** Opens a list page and waits for its list answer (the endpoint's last path segment). */
  async function open(path: string, list: string) {
    const listed = page.waitForResponse((r) => r.url().includes(list));
    await page.goto(`${baseURL}${path}`);
    await (await listed).finished();
    await page.locator('.fr-table-card .ant-table-row, .fr-table-card .ant-empty').first().waitFor();
  }

  async function confirmIfAsked(question?: string) {
    if (!question) return;
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title').innerText()).resolves.toBe(question);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
  }

  it('adds, edits, withdraws and publishes a system notice, and the setting log shows each step', async () => {
    const title = `E2E后台公告${Date.now().toString(36).slice(-5)}`;
    await open('/__schema/admin/systemNoticeList', 'getMessageListForBackend');
    await page.getByRole('button', { name: '新增公告' }).click();
    const add = modal(page, '新增公告');
    await submit(add);
    await add.getByText('请输入标题', { exact: true }).waitFor();
    await add.getByText('请输入内容不超过2000字', { exact: true }).waitFor();

    // 2001 characters of text are refused in the browser already, with the server's words.
    const editor = add.locator('[data-rich-text]');
    await editor.click();
    await page.keyboard.insertText('字'.repeat(2001));
    await add.getByText('2001 / 2000').waitFor();
    await add.getByPlaceholder('请输入公告标题').fill(title);
    await submit(add);
    await add.getByText('请输入内容不超过2000字', { exact: true }).waitFor();

    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await add.getByText('0 / 2000').waitFor();
    await page.keyboard.type('今晚十点系统升级');
    const created = page.waitForRequest((r) => r.url().includes('/addSystemNotice'));
    await submit(add);
    expect((await created).postDataJSON()).toMatchObject({
      title,
      content: expect.stringContaining('今晚十点'),
    });
    await toast(page, '保存成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    await open(
      `/__schema/admin/systemNoticeList?title=${encodeURIComponent(title)}`,
      'getMessageListForBackend',
    );
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    await row.locator('.ant-tag', { hasText: '已发布' }).waitFor();

    await row.locator('[data-action="edit:1"]').click();
    const edit = modal(page, '编辑公告');
    const titleInput = edit.getByPlaceholder('请输入公告标题');
    await expect(titleInput.inputValue()).resolves.toBe(title);
    await expect(edit.locator('[data-rich-text]').innerText()).resolves.toContain('今晚十点系统升级');
    await titleInput.fill(`${title}改`);
    await edit.locator('[data-rich-text]').click();
    await page.keyboard.press('End');
    await page.keyboard.type('，请提前保存');
    const updated = page.waitForRequest((r) => r.url().includes('/updateSystemNotice'));
    await submit(edit);
    expect((await updated).postDataJSON()).toMatchObject({ title: `${title}改` });
    await toast(page, '保存成功').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText(`${title}改`).waitFor();

    // Read before editing again: the detail drawer loads the notice and shows its content formatted.
    const loaded = page.waitForResponse((r) => r.url().includes('/getSystemNoticeDetail?id='));
    await row.locator('[data-action="detail:0"]').click();
    expect((await loaded).status()).toBe(200);
    const drawer = page.locator('.fr-detail-drawer .ant-drawer-content');
    await expect(drawer.locator('.ant-drawer-title').innerText()).resolves.toBe(`公告详情：${title}改`);
    const shown = drawer.locator('[data-rich-text-view]');
    await expect(shown.innerText()).resolves.toContain('今晚十点系统升级，请提前保存');
    await expect(shown.innerText()).resolves.not.toContain('<');
    // Bordered descriptions: label cells, then value cells.
    const value = (label: string) =>
      drawer
        .locator('th.ant-descriptions-item-label', { hasText: label })
        .locator('xpath=following-sibling::td[1]');
    await value('公告状态').locator('.ant-tag', { hasText: '已发布' }).waitFor();
    await expect(value('发布人').innerText()).resolves.toBe('张总部');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    const steps: [string, string, string, string | undefined][] = [
      ['withdraw', '撤回', '已撤回', '撤回后接收人将看不到该公告，确定撤回吗？'],
      ['publish', '发布', '已发布', undefined],
      ['withdraw', '撤回', '已撤回', '撤回后接收人将看不到该公告，确定撤回吗？'],
    ];
    for (const [action, , tag, question] of steps) {
      const sent = page.waitForResponse((r) => r.url().includes('/updateStatus'));
      await row.locator(`[data-action="transition:${action}"]`).click();
      await confirmIfAsked(question);
      expect((await sent).status()).toBe(200);
      await row.locator('.ant-tag', { hasText: tag }).waitFor();
    }

    await open(
      `/__schema/admin/systemNoticeLog?title=${encodeURIComponent(title)}`,
      'getSystemNoticeLogList',
    );
    await expect
      .poll(async () => (await rows(page).locator('.ant-tag').allInnerTexts()).filter((x) => x !== ''))
      .toEqual(['撤回', '已撤回', '发布', '已发布', '撤回', '已撤回', '编辑', '已发布', '新增', '已发布']);
  });

  it('md001 (no notice codes) reads the notices but has no add, edit, publish or withdraw', async () => {
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await installSession(other, baseURL, await signIn(baseURL, 'md001'));
    const mdPage = await other.newPage();
    const listed = mdPage.waitForResponse((r) => r.url().includes('getMessageListForBackend'));
    await mdPage.goto(`${baseURL}/__schema/admin/systemNoticeList`);
    expect((await listed).status()).toBe(200);
    await mdPage.locator('.fr-table-card .ant-table-row').first().waitFor();
    await expect(mdPage.getByRole('button', { name: '新增公告' }).count()).resolves.toBe(0);
    // Reading a notice needs only the page: the detail is his one row action.
    const actions = mdPage.locator('.fr-table-card [data-action]');
    await expect(actions.count()).resolves.toBeGreaterThan(0);
    expect(
      new Set(await actions.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))),
    ).toEqual(new Set(['detail:0']));
    // The seeded notice reads formatted: markup is rendered, not shown as text.
    const filtered = mdPage.waitForResponse((r) => r.url().includes('getMessageListForBackend'));
    await mdPage.goto(`${baseURL}/__schema/admin/systemNoticeList?title=${encodeURIComponent('节假日')}`);
    await (await filtered).finished();
    const seeded = mdPage.locator('.fr-table-card .ant-table-row', {
      hasText: '关于节假日期间门店营业时间调整的通知',
    });
    const loaded = mdPage.waitForResponse((r) => r.url().includes('/getSystemNoticeDetail?id='));
    await seeded.locator('[data-action="detail:0"]').click();
    expect((await loaded).status()).toBe(200);
    const shown = mdPage.locator('.fr-detail-drawer [data-rich-text-view]');
    await expect(shown.locator('strong').innerText()).resolves.toBe('8:00-21:00');
    await expect(shown.locator('p').count()).resolves.toBe(2);
    await expect(shown.innerText()).resolves.not.toContain('<');
    await other.close();
  });

  it('adds a version with an uploaded package; the download centre offers it', async () => {
    const version = `9.${Date.now() % 1000}.0`;
    await open('/__schema/admin/appList', 'm/applist');
    // The app list links each app to its versions.
    const printer = rows(page).filter({ hasText: '鲜丰打印客户端' });
    await printer.getByText('更多').hover();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '版本' }).waitFor();
    const apps = await call<{ id: number; appName: string }[]>(
      'GET',
      '/gateApi/common/appinfo/f/list',
      undefined,
      token,
    );
    const appId = apps.find((a) => a.appName === '鲜丰打印客户端')!.id;

    await open(`/__schema/admin/appVersionList?appId=${appId}`, 'm/versionList');
    await expect.poll(() => rows(page).count()).toBe(4);
    // The app list's link preselects the app in the search form's picker, by name.
    const appPicker = item(page.getByTestId('list-search'), '应用');
    await expect(appPicker.locator('.ant-select-selection-item').innerText()).resolves.toBe('鲜丰打印客户端');
    await page.getByRole('button', { name: '新增版本' }).click();
    const add = modal(page, '新增版本');
    await submit(add);
    for (const text of ['请选择应用', '请选择操作系统', '请输入版本号'])
      await add.locator('.ant-formily-item-error-help', { hasText: text }).waitFor();
    await item(add, '应用').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '鲜丰打印客户端' })
      .click();
    await item(add, '操作系统').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'HarmonyOS' })
      .click();
    await add.getByPlaceholder('如 3.2.1').fill(version);
    const bytes = Buffer.alloc(320 * 1024, 7);
    const uploaded = page.waitForResponse((r) => r.url().includes('/appinfo/m/upload'));
    await add
      .locator('[data-package-upload] input[type="file"]')
      .setInputFiles({ name: `print-${version}.hap`, mimeType: 'application/octet-stream', buffer: bytes });
    expect((await uploaded).status()).toBe(200);
    await add.locator(`[data-uploaded="print-${version}.hap"]`).waitFor();
    await add.locator('[data-rich-text]').click();
    await page.keyboard.type('鸿蒙版首发');
    const created = page.waitForRequest((r) => r.url().includes('/m/add/version'));
    await submit(add);
    const body = (await created).postDataJSON();
    expect(body).toMatchObject({
      appId,
      os: 'HarmonyOS',
      appVersion: version,
      packageId: expect.any(Number),
    });
    await toast(page, '保存成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    // Stop and start it again from the list.
    const row = rows(page).filter({ hasText: version });
    await row.locator('[data-action="transition:stop"]').click();
    await confirmIfAsked('停用后下载中心将不再显示该版本，确定停用吗？');
    await row.locator('.ant-tag', { hasText: '已停用' }).waitFor();
    await row.locator('[data-action="transition:start"]').click();
    await row.locator('.ant-tag', { hasText: '已启用' }).waitFor();
    // SPEC 5: the size in MB with one decimal (320 KB), as the download centre shows it.
    await expect(row.locator('[data-file-size]').innerText()).resolves.toBe('0.3MB');

    await page.goto(`${baseURL}/__panels`);
    await page.locator('[data-open-panel="downloadCenter"]').click();
    await page.locator(`[data-app-card="${appId}"]`).click();
    const detail = page.locator('[data-app-detail]');
    await detail.locator('.ant-tabs-tab').filter({ hasText: 'HarmonyOS' }).click();
    const shown = detail.locator(`.ant-tabs-tabpane-active [data-version="${version}"]`);
    await shown.waitFor();
    await expect(shown.innerText()).resolves.toContain('鸿蒙版首发');
    await expect(shown.locator('[data-size]').first().innerText()).resolves.toBe('0.3MB');
    // The package is served for download, byte for byte.
    const front = await call<{ appItemMap: Record<string, { appUrl: string }[]> }>(
      'GET',
      `/gateApi/common/appinfo/f/${appId}`,
      undefined,
      token,
    );
    const file = await fetch(`${baseURL}${front.appItemMap.HarmonyOS![0]!.appUrl}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('picks the app by name in the version list search form; sizes read in MB or 暂无', async () => {
    await open('/__schema/admin/appVersionList', 'm/versionList');
    const search = page.getByTestId('list-search');
    const appPicker = item(search, '应用');
    await appPicker.locator('.ant-select').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: '鲜丰掌上仓库',
    });
    await option.click();
    const apps = await call<{ id: number; appName: string }[]>(
      'GET',
      '/gateApi/common/appinfo/f/list',
      undefined,
      token,
    );
    const appId = apps.find((a) => a.appName === '鲜丰掌上仓库')!.id;
    const answered = page.waitForResponse((r) => r.url().includes('m/versionList'));
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const response = await answered;
    expect(response.request().postDataJSON()).toMatchObject({ appId });
    await response.finished();
    await expect.poll(() => page.url()).toContain(`appId=${appId}`);
    await expect.poll(() => rows(page).filter({ hasNotText: '鲜丰掌上仓库' }).count()).toBe(0);
    await expect(rows(page).count()).resolves.toBeGreaterThan(1);
    // The seed knows the sizes of the newest builds and none of the oldest (SPEC 5 'none yet').
    const sizes = await rows(page).locator('[data-file-size]').allInnerTexts();
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes) expect(s).toMatch(/^(\d+\.\dMB|暂无)$/);
    expect(sizes).toContain('暂无');
    expect(sizes.some((s) => s.endsWith('MB'))).toBe(true);
  });

  it('exports the filtered packer list through the export centre; the file matches the list', async () => {
    await open('/__schema/admin/packerList?status=0', 'findPackerByPage');
    const total = Number((await page.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    const started = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/export/jobs') && r.method() === 'POST',
    );
    await page.locator('[data-action="export:0"]').click();
    expect((await started).postDataJSON()).toMatchObject({
      page: 'admin/packerList',
      filters: { status: 0 },
    });
    await toast(page, '已加入导出任务').waitFor();

    await page.goto(`${baseURL}/__panels`);
    const job = page.locator('[data-export-center] tbody tr.ant-table-row').first();
    await job.getByRole('cell', { name: '包装员列表', exact: true }).waitFor();
    await expect
      .poll(() => job.locator('[data-job-status]').getAttribute('data-job-status'), { timeout: 60_000 })
      .toBe('2');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      job.locator('[data-download]').click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadedBytes(download)) as never);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('包装员编码');
    const labels = new Set<unknown>();
    sheet.eachRow((r, n) => n > 1 && labels.add(r.getCell(5).value));
    expect([...labels]).toEqual(['停用']);
    expect((await fetch(download.url())).status).toBe(410);
  });
});
