import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { rows } from './product-helpers';
import { call, openConsole, signIn, tabAction, waitForApp } from './shell-helpers';

/**
 * SPEC 2.1's log detail route /log/LogDetail/{tableName} (issue 20.2): from the operation log list,
 * 记录历史 of a row opens the history of that record (its table's log, narrowed to the record) in a tab
 * of its own; refreshing the tab (through /redirect) shows it again, and another table's log is not in it.
 */
describe('log detail of a record', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('opens a record’s history from the operation log and refreshes it', { timeout: 120_000 }, async () => {
    // A record with two writes: a category created, then renamed.
    const hq = await signIn('hq001');
    const code = `9${String(Date.now()).slice(-8)}`;
    const made = await call<{ id: number }>(
      'POST',
      '/api/v1/product/category/add',
      { code, name: '日志测试分类', parentCode: null },
      hq.token,
    );
    await call('POST', '/api/v1/product/category/update', { id: made.id, name: '日志测试分类改' }, hq.token);

    const { context, page } = await openConsole(
      browser,
      'hq001',
      `/admin/system/operationLogList?entity=category&entityId=${made.id}`,
    );
    await waitForApp(page, 'admin');
    const logged = rows(page);
    await expect.poll(() => logged.count()).toBe(2);
    await logged.first().getByText('记录历史').click();

    const path = '/admin/log/LogDetail/category';
    await page.waitForURL((url) => url.pathname === path);
    expect(new URL(page.url()).searchParams.get('entityId')).toBe(String(made.id));
    const tab = page.locator(`[data-tab-path="${path}"]`);
    await expect.poll(() => tab.innerText()).toContain('日志详情');
    const history = rows(page);
    await expect.poll(() => history.count()).toBe(2);
    const text = (await history.allInnerTexts()).join('\n');
    expect(text).toContain('日志测试分类改');
    expect(text).toContain(String(made.id));

    // Refreshed through /redirect: the same record's history again.
    await tabAction(page, path, '刷新');
    await page.waitForURL((url) => url.pathname === path);
    await expect.poll(() => history.count()).toBe(2);

    // Without the record: every logged write of the table, and only of that table.
    await page.goto(new URL('/admin/log/LogDetail/category', page.url()).toString());
    await waitForApp(page, 'admin');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(2);
    await history.first().locator('[data-action^="detail"]').click();
    const drawer = page.locator('.fr-detail-drawer');
    await expect.poll(() => drawer.innerText()).toContain('category');
    await context.close();
  });
});
