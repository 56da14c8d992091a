import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSession, signIn } from '../../scripts/snapshots/sign-in';
import { openBrowser } from './browser';
import { seriousViolations, settle } from './a11y-helpers';
import { laneURL } from './lane';

// Issue 20.7: the forms are reachable and operable by keyboard alone, with a visible focus: the user
// list's search form (Tab to a field, type, Enter searches) and its create form (Tab to the button,
// Enter opens it, Tab through the fields typing, Enter on 确定 saves), as hq001 in the layout.
const baseURL = laneURL();
const ACCOUNT = 'kbd0001';

/** What has the focus: its tag, placeholder, text and whether a focus indicator is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return undefined;
    const style = getComputedStyle(el);
    // A ring: an outline, or antd's focus shadow (inputs draw it on their wrapper).
    const wrapper = el.closest('.ant-input-affix-wrapper, .ant-select-selector, .ant-picker') as HTMLElement;
    const ring = (s: CSSStyleDeclaration) =>
      (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      placeholder: el.getAttribute('placeholder') ?? '',
      text: el.innerText?.replace(/\s+/g, '') ?? '',
      testId: el.dataset.testid ?? '',
      visible: ring(style) || (wrapper ? ring(getComputedStyle(wrapper)) : false),
    };
  });

type Focus = NonNullable<Awaited<ReturnType<typeof focused>>>;

/** Presses Tab until the focus is on what `wanted` accepts (at most `max` presses); returns it. */
async function tabTo(page: Page, wanted: (f: Focus) => boolean, what: string, max = 60): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f && wanted(f)) return f;
  }
  throw new Error(`Tab never reached ${what}`);
}

describe('forms by keyboard (hq001)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await openBrowser();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    await installSession(context, baseURL, await signIn(baseURL, 'hq001'));
    page = await context.newPage();
    await page.goto(`${baseURL}/admin/system/userList`);
    await page.locator('.fr-table-card .ant-table-row').first().waitFor();
    await settle(page);
  });
  afterAll(() => browser?.close());

  it('the search form: Tab reaches its fields and buttons, each with a visible focus; Enter searches', async () => {
    const field = await tabTo(page, (f) => f.placeholder === '请输入账号', 'the account field');
    expect(field.visible).toBe(true);
    await page.keyboard.type('hq001');
    const listed = page.waitForRequest((r) => r.url().includes('/api/manage/user/list'));
    await page.keyboard.press('Enter');
    // The user list is a GET list: its filters travel in the query string.
    expect(Object.fromEntries(new URL((await listed).url()).searchParams)).toMatchObject({
      account: 'hq001',
    });
    await page.locator('.fr-table-card .ant-table-row').first().waitFor();
    const search = await tabTo(page, (f) => f.tag === 'button' && f.text === '查询', 'the search button');
    expect(search.visible).toBe(true);
  });

  it('the create form: opened, filled and saved with the keyboard alone; its dialog passes axe', async () => {
    const add = await tabTo(page, (f) => f.tag === 'button' && f.text === '新增用户', 'the create button');
    expect(add.visible).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal', { hasText: '新增用户' });
    await dialog.waitFor();
    await settle(page);
    expect(await seriousViolations(page), 'the create dialog').toEqual([]);
    const fill = async (placeholder: string, text: string) => {
      const f = await tabTo(page, (x) => x.placeholder === placeholder, placeholder);
      expect(f.visible, placeholder).toBe(true);
      await page.keyboard.type(text);
    };
    await fill('字母、数字或下划线', ACCOUNT);
    const password = await tabTo(page, (f) => f.type === 'password', 'the password field');
    expect(password.visible).toBe(true);
    await page.keyboard.type('Keyboard#2026');
    await fill('请输入姓名', '键盘测试');
    await fill('请输入手机号', '13912340077');
    const ok = await tabTo(page, (f) => f.testId === 'form-submit', 'the save button');
    expect(ok.visible).toBe(true);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/manage/user') && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await (await created).json()).result).toMatchObject({ success: true });
    await dialog.waitFor({ state: 'hidden' });
  });
});
