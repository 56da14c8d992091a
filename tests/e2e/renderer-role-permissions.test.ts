import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSession, signIn } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { laneURL } from './lane';

// Granting a role its menu entries through the permission tree (schemas/forms/rolePermissions.json,
// widget ResourceTree), on the real server as hq001. Uses the disabled demo role, which no account
// relies on, so the other e2e files see the seeded grants unchanged.
const ROLES = '/__schema/admin/roleList?keyword=RETIRED_ROLE';

const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');
const dialog = (page: Page) => page.locator('.ant-modal', { hasText: '分配权限' });
const node = (page: Page, title: string) =>
  dialog(page).locator('.ant-tree-treenode', { has: page.locator(`.ant-tree-title:text-is("${title}")`) });

async function openTree(page: Page) {
  await rows(page).first().getByText('更多').hover();
  await page.locator('.ant-dropdown-menu-item', { hasText: '分配权限' }).click();
  await dialog(page).locator('.ant-tree').waitFor();
}

describe('role permission tree in Chromium (hq001)', () => {
  let browser: Browser;
  let page: Page;
  const baseURL = laneURL();

  beforeAll(async () => {
    browser = await openBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await installSession(context, baseURL, await signIn(baseURL, 'hq001'));
    page = await context.newPage();
    await page.goto(`${baseURL}${ROLES}`);
    await rows(page).first().getByText('已停用角色').waitFor();
  });
  afterAll(() => browser?.close());

  it('ticking a page ticks its groups and buttons; a button can be unticked alone', async () => {
    await openTree(page);
    await dialog(page).getByPlaceholder('搜索权限名称').fill('拣货');
    await node(page, '拣货单').locator('.ant-tree-checkbox').click();
    for (const title of ['配送管理', '拣货分拣', '拣货单', '分配拣货员', '取消拣货单'])
      await node(page, title).locator('.ant-tree-checkbox-checked').waitFor();
    await node(page, '取消拣货单').locator('.ant-tree-checkbox').click();
    await node(page, '取消拣货单').locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)').waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/v1/smm/role/updateRolePermission/') && r.request().method() === 'POST',
    );
    await dialog(page).getByTestId('form-submit').click();
    const answer = await (await saved).json();
    const names = answer.data.list.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(
      [
        '配送管理',
        '拣货分拣',
        '拣货单',
        '分配拣货员',
        '完成拣货',
        '打印拣货单',
        '开始拣货',
        '领取拣货单',
      ].sort(),
    );
    await dialog(page).waitFor({ state: 'hidden' });
  });

  it('reopens with the saved ticks, and a filter never drops hidden ticks', async () => {
    await openTree(page);
    // The tree scrolls virtually: filter to bring the branch into view.
    await dialog(page).getByPlaceholder('搜索权限名称').fill('拣货');
    await node(page, '拣货单').locator('.ant-tree-checkbox-checked').waitFor();
    await node(page, '取消拣货单').locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)').waitFor();
    // Filter to another branch, tick a page there, and save: the pick-order ticks stay.
    await dialog(page).getByPlaceholder('搜索权限名称').fill('出库单');
    await node(page, '出库单').locator('.ant-tree-checkbox').click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/smm/role/updateRolePermission/'));
    await dialog(page).getByTestId('form-submit').click();
    const names = (await (await saved).json()).data.list.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['拣货单', '分配拣货员', '出库单', '确认出库', '仓储管理']));
    expect(names).not.toContain('取消拣货单');
  });
});
