import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { formOf, rowAction, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';

/**
 * Issue 19.5 in Chromium: md001 finds a pending AI巡店 event of his store with its snapshot, assigns it
 * to one of his store's staff (the picker offers only them), and it is handled with a note; the list
 * shows only his store's events and the charts above it follow the same filters.
 */
const LIST = '/admin/storeDevice/aiEventList';

interface AiEvent {
  id: number;
  eventCode: string;
  storeId: number;
  storeName: string;
  status: number;
}

describe('AI store monitoring in the browser', () => {
  let browser: Browser;
  let event: AiEvent;
  let store = '';
  beforeAll(async () => {
    browser = await openBrowser();
    const md = await signIn('md001');
    const page = await call<{ list: AiEvent[] }>(
      'POST',
      '/api/v1/store/aiEvent/findByPage',
      { pageNo: 1, pageSize: 50, status: [0] },
      md.token,
    );
    expect(page.list.length).toBeGreaterThan(0);
    // One store only, his own.
    expect(new Set(page.list.map((e) => e.storeId)).size).toBe(1);
    event = page.list[page.list.length - 1]!;
    store = event.storeName;
  });
  afterAll(() => browser?.close());

  it(
    'assigns a pending event to a colleague of the store, who handles it',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openConsole(browser, 'md001', `${LIST}?keyword=${event.eventCode}`);
      await waitForApp(page, 'admin');
      const row = rows(page).filter({ hasText: event.eventCode }).first();
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain(store);
      await expect(row.locator('img').count()).resolves.toBeGreaterThan(0);
      const statusIs = (label: string) =>
        row
          .locator('.ant-tag')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .waitFor();
      await statusIs('待处理');

      await rowAction(page, row, 'transition:assign', '指派处理人');
      const assign = formOf(page, '指派处理人');
      await assign.locator('.ant-select', { hasText: '请选择处理人' }).click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      const staff = (await options.first().innerText()).trim();
      await options.first().click();
      const assigned = page.waitForResponse((r) => r.url().includes(`/assign/${String(event.id)}`));
      await assign.getByTestId('form-submit').click();
      expect((await (await assigned).json()).result.success).toBe(true);
      await assign.waitFor({ state: 'hidden' });
      await statusIs('已指派');
      await expect(row.innerText()).resolves.toContain(staff.split(' ').pop()!);

      await rowAction(page, row, 'transition:handle', '处理完成');
      const handle = formOf(page, '处理完成');
      await handle.locator('textarea').fill('已补货上架，货架恢复正常');
      await handle.getByTestId('form-submit').click();
      await handle.waitFor({ state: 'hidden' });
      await statusIs('已处理');
      await context.close();
    },
  );
});
