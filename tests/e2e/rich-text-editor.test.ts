import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSession, signIn } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { png } from '../server/auth-helpers';
import { laneURL } from './lane';

/**
 * Issue 13.8 (and 13.7): the one rich-text editor (tiptap), loaded only where a form has one. hq001
 * writes a system notice with bold text, a list, a link and an uploaded picture, pastes markup with a
 * script, an event handler, a javascript: link and a foreign picture; md001 reads it formatted and
 * inert. The notice ends withdrawn, so no receiver's unread count changes for the tests after this one.
 */
const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const modal = (page: Page, title: string) => page.locator('.ant-modal', { hasText: title });
const submit = (m: Locator) => m.getByTestId('form-submit').click();
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text }).last();
const EDITOR_CHUNK = /\/assets\/RichTextEditor-[\w-]+\.js$/;
const LINK = 'https://www.example.com/help';
const PASTED =
  '<p>粘贴<img src="https://tracker.example.com/p.gif"><img src="x" onerror="window.__pwned=1">' +
  '<a href="javascript:window.__pwned=2">坏链接</a><script>window.__pwned=3</script></p>';

describe('rich-text editor (tiptap)', () => {
  let browser: Browser;
  const baseURL = laneURL();

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  async function pageOf(account: string) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await installSession(context, baseURL, await signIn(baseURL, account));
    return { context, page: await context.newPage() };
  }

  async function openList(page: Page, query = '') {
    const listed = page.waitForResponse((r) => r.url().includes('getMessageListForBackend'));
    await page.goto(`${baseURL}/__schema/admin/systemNoticeList${query}`);
    await (await listed).finished();
    await page.locator('.fr-table-card .ant-table-row, .fr-table-card .ant-empty').first().waitFor();
  }

  it('writes a formatted notice with a picture; the reader sees it formatted and sanitised', async () => {
    const title = `E2E富文本${Date.now().toString(36).slice(-5)}`;
    const { context, page } = await pageOf('hq001');
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (EDITOR_CHUNK.test(r.url())) chunks.push(r.url());
    });

    // The list page has no editor: tiptap is not loaded until the form opens.
    await openList(page);
    expect(chunks).toEqual([]);
    await page.getByRole('button', { name: '新增公告' }).click();
    const add = modal(page, '新增公告');
    const editor = add.locator('[data-rich-text]');
    await editor.waitFor();
    expect(chunks).toHaveLength(1);
    await add.getByPlaceholder('请输入公告标题').fill(title);

    const tool = (name: string) => add.getByRole('button', { name, exact: true });
    await editor.click();
    await tool('加粗').click();
    await page.keyboard.type('重要');
    await tool('加粗').click();
    await page.keyboard.type('：今晚十点系统升级');
    await page.keyboard.press('Enter');
    await tool('无序列表').click();
    await page.keyboard.type('保存单据');
    await page.keyboard.press('Enter');
    await page.keyboard.type('退出登录');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('详见说明');
    // The link goes on the selected word.
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await tool('链接').click();
    const linkInput = page.locator('[data-rich-text-link]');
    await linkInput.fill('javascript:alert(1)');
    await linkInput.press('Enter');
    await toast(page, '请输入以 http://、https:// 或 mailto: 开头的链接地址').waitFor();
    await linkInput.fill(LINK);
    await linkInput.press('Enter');
    await linkInput.waitFor({ state: 'hidden' });
    await editor.locator(`a[href="${LINK}"]`, { hasText: '说明' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');

    // Pasted markup passes the shared sanitiser before it enters the editor.
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PASTED);
    await editor.getByText('粘贴坏链接').waitFor();
    expect(await editor.innerHTML()).not.toMatch(/tracker|onerror|javascript:|<script/i);

    // A picture goes up through the image upload and is inserted by its address on this server.
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const uploaded = page.waitForResponse((r) => r.url().includes('/gateApi/xsUpload/restUpload'));
    await add
      .locator('[data-rich-text-image] input[type="file"]')
      .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: png(40, 30) });
    expect((await uploaded).status()).toBe(200);
    await editor.locator('img[src^="/uploads/xs/"]').waitFor();

    const created = page.waitForRequest((r) => r.url().includes('/addSystemNotice'));
    await submit(add);
    const content = String((await created).postDataJSON().content);
    expect(content).toContain('<strong>重要</strong>');
    expect(content).toMatch(/<ul><li><p>保存单据<\/p><\/li><li><p>退出登录<\/p><\/li><\/ul>/);
    expect(content).toContain(`href="${LINK}"`);
    expect(content).toMatch(/<img src="\/uploads\/xs\/rich_text\/\d{6}\/[\w.]+\.png" alt="plan.png">/);
    await toast(page, '保存成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    // md001 reads it in the detail drawer: formatted, the picture loaded from this server, nothing live.
    const reader = await pageOf('md001');
    await openList(reader.page, `?title=${encodeURIComponent(title)}`);
    const loaded = reader.page.waitForResponse((r) => r.url().includes('/getSystemNoticeDetail?id='));
    await rows(reader.page).first().locator('[data-action="detail:0"]').click();
    expect((await loaded).status()).toBe(200);
    const shown = reader.page.locator('.fr-detail-drawer [data-rich-text-view]');
    await expect(shown.locator('strong').innerText()).resolves.toBe('重要');
    await expect(shown.locator('ul > li').allInnerTexts()).resolves.toEqual(['保存单据', '退出登录']);
    const link = shown.locator('a', { hasText: '说明' });
    await expect(link.getAttribute('href')).resolves.toBe(LINK);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    const img = shown.locator('img');
    await expect(img.count()).resolves.toBe(1);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(40);
    await shown.getByText('粘贴坏链接').waitFor();
    expect(await shown.innerHTML()).not.toMatch(/tracker|onerror|javascript:|<script/i);
    expect(
      await reader.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    await reader.context.close();

    // Withdrawn again, so receivers' unread counts stay as the other tests expect.
    await openList(page, `?title=${encodeURIComponent(title)}`);
    const row = rows(page).first();
    const sent = page.waitForResponse((r) => r.url().includes('/updateStatus'));
    await row.locator('[data-action="transition:withdraw"]').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    expect((await sent).status()).toBe(200);
    await row.locator('.ant-tag', { hasText: '已撤回' }).waitFor();
    await context.close();
  });
});
