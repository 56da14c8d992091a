import type { Browser, Page } from 'playwright-core';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Shared steps of the issue 15 flow tests (commodity applications, price changes, tenders, returns to
 * supplier): list rows, confirm dialogs, antd select options, and the approval centre's decision.
 */
export const rows = (page: Page) => page.locator('.fr-table-card .ant-table-row');

/** The open create/edit form titled `title` (a drawer or a modal, as the form's JSON opens it). */
export const formOf = (page: Page, title: string) =>
  page.locator('.ant-modal, .ant-drawer', { hasText: title }).last();

/** Accepts the open confirm dialog (a transition's 确定). */
export async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens a select inside `scope` by its placeholder, optionally types, and picks the matching option. */
export async function pick(
  page: Page,
  scope: ReturnType<Page['locator']>,
  placeholder: string,
  option: string | RegExp,
  typed?: string,
) {
  await scope.locator('.ant-select', { hasText: placeholder }).click();
  if (typed) await page.keyboard.type(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Clicks a row action by its data-action, looking under 更多 when the row folds it away. */
export async function rowAction(page: Page, row: ReturnType<Page['locator']>, action: string, title: string) {
  const direct = row.locator(`[data-action="${action}"]`);
  if (await direct.count()) await direct.click();
  else {
    await row.getByText('更多').hover();
    await page.locator('.ant-dropdown-menu-item:visible', { hasText: title }).click();
  }
}

/**
 * `account` finds the task of the document `code` in the approval centre of `app`, opens it and
 * approves it from the detail's foot.
 */
export async function approveInCentre(
  browser: Browser,
  account: string,
  app: 'admin' | 'dacang',
  code: string,
) {
  const { context, page } = await openConsole(browser, account, `/${app}/approval/todoList?keyword=${code}`);
  await waitForApp(page, app);
  await rows(page).first().waitFor();
  await rows(page).filter({ hasText: code }).first().locator('[data-action="detail:0"]').click();
  const drawer = page.locator('.fr-detail-drawer');
  await drawer.locator('[data-section="document"]').getByText(code).first().waitFor();
  await drawer.locator('[data-detail-action="transition:approve"]').click();
  await confirm(page);
  await drawer.waitFor({ state: 'hidden' });
  await page.locator('.ant-message', { hasText: '操作成功' }).waitFor();
  await context.close();
}

/**
 * Gives the generated employee `account` one new role of exactly these menu entries (page uris or
 * button codes) through the role and user endpoints, as an administrator would: a colleague whose
 * applications headquarters must approve (an administrator's own pass his step at once).
 */
export async function employeeWith(account: string, roleCode: string, keys: string[]) {
  const hq = await signIn('hq001');
  const perms = await call<{ list: { id: number; uri: string | null; code: string | null }[] }>(
    'GET',
    '/api/v1/smm/permission/fuzzySelectPermissionList?app=admin',
    undefined,
    hq.token,
  );
  const ids = perms.list
    .filter((p) => keys.includes(p.uri ?? '') || keys.includes(p.code ?? ''))
    .map((p) => p.id);
  if (ids.length !== keys.length) throw new Error(`unknown menu entries among ${keys.join(', ')}`);
  const role = await call<{ id: number }>(
    'POST',
    '/api/v1/smm/role/insertRole',
    { code: roleCode, name: `浏览器测试${roleCode}`, orgAttributeName: '总部' },
    hq.token,
  );
  await call('POST', `/api/v1/smm/role/updateRolePermission/${role.id}`, { ids }, hq.token);
  const users = await call<{ list: { id: number }[] }>(
    'GET',
    `/api/manage/user/list?account=${account}`,
    undefined,
    hq.token,
  );
  await call('POST', `/api/manage/user/role/${users.list[0]!.id}`, { ids: [role.id] }, hq.token);
}
