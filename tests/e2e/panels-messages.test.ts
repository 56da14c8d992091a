import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { base, call, openConsole, signIn } from './shell-helpers';

/**
 * Issue 6 / SPEC 2.12, 5, 6: the message panel in Chromium, on the panels harness (/__panels: the panels
 * without the layout, with a probe of the header's unread count and titles).
 */
const HARNESS = '/__panels';
/** A generated clerk of 杭州西湖店 (store 12) that no other e2e file writes to. */
const RECEIVER = 'e00014';
const MSG = '/api/v1/msg/im/message';

const unread = (page: Page) => page.locator('[data-harness-unread]').getAttribute('data-harness-unread');
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error').filter({ hasText: text });

/** Closes an open select dropdown by clicking the dialog's title (Escape would close the dialog too). */
async function closeDropdown(page: Page) {
  await page.locator('.ant-modal-title').filter({ hasText: '发送广播' }).click();
  await page
    .locator('.ant-select-dropdown:visible')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

async function openPanel(page: Page) {
  await page.locator('[data-open-panel="messages"]').click();
  await page.locator('[data-msg-list]').waitFor();
}

describe('message panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('hq001 broadcasts to a role and a store; each send limit refuses with its message', async () => {
    const { context, page } = await openConsole(browser, 'hq001', HARNESS);
    await openPanel(page);
    await page.locator('[data-send="radio"]').click();
    const submit = page.locator('[data-send-submit]');

    await submit.click();
    await fieldError(page, '请输入标题').waitFor();
    await fieldError(page, '请输入内容不超过2000字').waitFor();

    await page.locator('[data-field="title"]').fill('面板测试：门店盘点通知');
    await page.locator('[data-rich-text]').click();
    await page.keyboard.type('请于周五前完成盘点。');
    await submit.click();
    await toast(page, '请至少选择1个接收者范围').waitFor();

    // 'All' is offered and refused.
    const orgs = page.locator('[data-field="orgs"]');
    await orgs.click();
    await page
      .locator('.ant-select-tree-treenode')
      .filter({ hasText: /^全部$/ })
      .locator('.ant-select-tree-checkbox')
      .click();
    await closeDropdown(page);
    await submit.click();
    await toast(page, '组织机构不能选全部').waitFor();

    // Instead: the store 杭州西湖店 and the role 门店店员.
    await orgs.click();
    await page
      .locator('.ant-select-tree-treenode')
      .filter({ hasText: /^全部$/ })
      .locator('.ant-select-tree-checkbox')
      .click();
    // Search the tree: the store's node shows with its ancestors opened.
    await page.keyboard.type('西湖');
    await page
      .locator('.ant-select-tree-treenode')
      .filter({ hasText: /^杭州西湖店$/ })
      .locator('.ant-select-tree-checkbox')
      .click();
    await closeDropdown(page);
    await page.locator('[data-pick="role"]').click();
    const roleModal = page.locator('.ant-modal').filter({ hasText: '选择角色' });
    await roleModal.getByPlaceholder('角色名称或编码').fill('店员');
    await roleModal.getByRole('button', { name: /查\s*询/ }).click();
    await roleModal
      .locator('tr')
      .filter({ hasText: 'STORE_CLERK' })
      .locator('input[type="checkbox"]')
      .check();
    await roleModal.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-tag').filter({ hasText: '门店店员' }).waitFor();

    await submit.click();
    await toast(page, '发送成功').waitFor();
    // The panel switched to 'sent by me' and lists it with its receivers.
    const item = page.locator('[data-msg-item]').filter({ hasText: '面板测试：门店盘点通知' }).first();
    await item.waitFor();
    await item.click();
    await page
      .locator('[data-msg-detail]')
      .getByText('接收范围：组织机构：杭州西湖店；角色：门店店员', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await page.locator('[data-msg-list]').waitFor();
    await context.close();
  });

  it('md001 sees no broadcast button, and the server refuses his broadcast', async () => {
    const { context, page, session } = await openConsole(browser, 'md001', HARNESS);
    await openPanel(page);
    await page.locator('[data-send="dept"]').waitFor();
    expect(await page.locator('[data-send="radio"]').count()).toBe(0);
    await expect(
      call(
        'POST',
        `${MSG}/saveRadioMessage`,
        { title: 't', content: '<p>x</p>', orgList: [{ orgId: 11 }] },
        session.token,
      ),
    ).rejects.toThrow('您未开通权限，请联系管理人员');
    await context.close();
  });

  it('the receiver sees the unread count rise and the title; opening the message lowers the count', async () => {
    const { token } = await signIn('hq001');
    const { context, page } = await openConsole(browser, RECEIVER, HARNESS);
    await expect.poll(() => unread(page)).not.toBe('');
    const before = Number(await unread(page));

    const title = `请查收：本周排班 ${Date.now()}`;
    await call(
      'POST',
      `${MSG}/saveRadioMessage`,
      { title, content: '<p>排班已更新。</p>', orgList: [{ orgId: 12, orgName: '杭州西湖店' }] },
      token,
    );
    await page.reload();
    await expect.poll(() => unread(page)).toBe(String(before + 1));
    await expect.poll(() => page.locator('[data-harness-titles]').textContent()).toContain(title);

    await openPanel(page);
    const item = page.locator('[data-msg-item]').filter({ hasText: title });
    expect(await item.getAttribute('data-unread')).toBe('true');
    await item.click();
    await page.locator('[data-msg-detail]').getByText('排班已更新。').waitFor();
    // The header hears about it without a reload.
    await expect.poll(() => unread(page)).toBe(String(before));
    await page.getByRole('button', { name: /返\s*回/ }).click();
    await expect.poll(() => item.getAttribute('data-unread')).toBe(null);
    await context.close();
  });

  it('a message with a script or an onerror attribute renders inert', async () => {
    const receiver = (await signIn(RECEIVER)).profile as unknown as { userId: number; realName: string };
    const { token } = await signIn('hq001');
    const title = `脚本测试 ${Date.now()}`;
    await call(
      'POST',
      `${MSG}/saveRadioMessage`,
      {
        title,
        content:
          '<p>正文<img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">链接</a></p>',
        userList: [{ userId: receiver.userId, userName: receiver.realName }],
      },
      token,
    );
    const { context, page } = await openConsole(browser, RECEIVER, HARNESS);
    await openPanel(page);
    await page.locator('[data-msg-item]').filter({ hasText: title }).click();
    const detail = page.locator('[data-msg-detail]');
    await detail.getByText('正文').waitFor();
    await page
      .getByText('链接')
      .click()
      .catch(() => undefined);
    const html = await detail.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(page.url()).toContain(`${base()}${HARNESS}`);
    await context.close();
  });
});
