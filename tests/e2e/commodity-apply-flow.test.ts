import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { approveInCentre, employeeWith, formOf, pick, rows } from './product-helpers';
import { call, openConsole, signIn, waitForApp } from './shell-helpers';
import { png } from '../server/auth-helpers';

/**
 * Issue 15.3 in Chromium: a commodity clerk (a generated employee given the application pages and
 * codes) applies for a new commodity, a data change and a disablement; hq001 approves each in the
 * approval centre; the commodity list then shows the new commodity, the change and the new status.
 */
const CLERK = 'e00211';
const LIST = '/admin/product/commodityList';

interface Commodity {
  code: string;
  name: string;
  retailPrice: number;
  status: number;
}

/** Submits the open application drawer and returns the created application. */
async function submit(page: Page, drawer: ReturnType<Page['locator']>, path: string) {
  const created = page.waitForResponse((r) => r.url().includes(path));
  await drawer.getByTestId('form-submit').click();
  const answer = await (await created).json();
  expect(answer.result).toMatchObject({ success: true });
  await drawer.waitFor({ state: 'hidden' });
  return answer.data as { applyCode: string; status: number };
}

/** The commodity list filtered by `code` (typed into its search), as hq001 sees it. */
async function listed(browser: Browser, code: string) {
  const { context, page } = await openConsole(browser, 'hq001', LIST);
  await waitForApp(page, 'admin');
  await rows(page).first().waitFor();
  await page
    .getByPlaceholder(/商品编码/)
    .first()
    .fill(code);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => rows(page).count()).toBe(1);
  const text = await rows(page).first().innerText();
  pictures = await rows(page)
    .first()
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  await context.close();
  return text;
}

/** The picture sources of the row the last `listed` found. */
let pictures: (string | null)[] = [];

describe('commodity applications in the browser', () => {
  let browser: Browser;
  let seeded: Commodity[] = [];
  beforeAll(async () => {
    browser = await openBrowser();
    await employeeWith(CLERK, 'E2E_COMMODITY', [
      LIST,
      '/admin/product/commodityNewApplyList',
      '/admin/product/commodityEditApplyList',
      '/admin/product/commodityStateApplyList',
      'commodityApply:new',
      'commodityApply:edit',
      'commodityApply:commodityStateDisable',
    ]);
    // Two enabled dried fruits, which no other browser test uses.
    const hq = await signIn('hq001');
    const page = await call<{ list: Commodity[] }>(
      'POST',
      '/api/v1/product/commodity/getPageForCommon',
      { pageNo: 1, pageSize: 10, status: 1, keyword: '葡萄干' },
      hq.token,
    );
    seeded = page.list.slice(0, 2);
    expect(seeded).toHaveLength(2);
  });
  afterAll(() => browser?.close());

  it(
    'a new commodity applied for by the clerk appears once hq001 approves it',
    { timeout: 90_000 },
    async () => {
      const { context, page } = await openConsole(browser, CLERK, '/admin/product/commodityNewApplyList');
      await waitForApp(page, 'admin');
      await page.getByRole('button', { name: '新增申请' }).click();
      const drawer = formOf(page, '新增新品申请');
      await drawer.getByPlaceholder('请输入商品编码').fill('987601');
      await drawer.getByPlaceholder('请输入商品名称').fill('浏览器测试贵妃芒');
      await drawer.getByPlaceholder('请输入规格').fill('约500g/个');
      await drawer.getByPlaceholder('请输入单位').fill('个');
      await pick(page, drawer, '请选择分类', '水果 › 热带水果 › 芒果', '芒果');
      await drawer.getByPlaceholder('请输入保质期(天)').fill('7');
      await pick(page, drawer, '请选择温层', /冷藏|常温/);
      await pick(page, drawer, '请选择税率', /9%|13%/);
      await drawer.getByPlaceholder('请输入采购价').fill('6.5');
      await drawer.getByPlaceholder('请输入零售价').fill('12.8');
      await drawer.getByPlaceholder('请输入申请原因').fill('夏季新品上架');
      // Two pictures through the image upload; each upload adds a thumbnail.
      const upload = drawer.locator('[data-image-upload] input[type=file]').first();
      for (const [i, size] of [40, 48].entries()) {
        await upload.setInputFiles({ name: `mango${i}.png`, mimeType: 'image/png', buffer: png(size, size) });
        await expect.poll(() => drawer.locator('[data-image-upload] img').count()).toBe(i + 1);
      }
      const apply = await submit(page, drawer, '/api/v1/product/commodityNewApply/add');
      expect(apply.status).toBe(10);
      expect((apply as { pictures?: string[] }).pictures).toHaveLength(2);
      await context.close();

      await approveInCentre(browser, 'hq001', 'admin', apply.applyCode);
      const row = await listed(browser, '987601');
      expect(row).toContain('浏览器测试贵妃芒');
      expect(row).toContain('12.80');
      // The approval copied the pictures: the list shows the first, with how many more.
      expect(pictures).toEqual([
        expect.stringMatching(/^\/uploads\/xs\/commodity_picture\/\d{6}\/[0-9a-f]{32}\.png$/),
      ]);
      expect(row).toContain('+1');

      // The detail drawer reads the commodity by its code (SPEC 7.9) and shows both pictures.
      const shown = await openConsole(browser, 'hq001', LIST);
      await waitForApp(shown.page, 'admin');
      await rows(shown.page).first().waitFor();
      await shown.page
        .getByPlaceholder(/商品编码/)
        .first()
        .fill('987601');
      await shown.page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => rows(shown.page).count()).toBe(1);
      const read = shown.page.waitForResponse((r) =>
        r.url().endsWith('/api/v1/product/commodity/getDetailByCode/987601'),
      );
      await rows(shown.page).first().getByText('987601').click();
      expect((await (await read).json()).data.pictures).toHaveLength(2);
      const detail = shown.page.locator('.fr-detail-drawer .fr-detail-fields');
      await expect.poll(() => detail.locator('img').count()).toBe(2);
      await shown.context.close();
    },
  );

  it(
    'an edit application starts from the commodity and changes it once approved',
    { timeout: 90_000 },
    async () => {
      const target = seeded[0]!;
      const { context, page } = await openConsole(browser, CLERK, '/admin/product/commodityEditApplyList');
      await waitForApp(page, 'admin');
      await page.getByRole('button', { name: '新增申请' }).click();
      const drawer = formOf(page, '新增商品修改申请');
      await pick(page, drawer, '请选择商品', target.name, target.code);
      // The form starts from the commodity's values.
      await expect.poll(() => drawer.getByPlaceholder('请输入商品名称').inputValue()).toBe(target.name);
      await expect
        .poll(() => drawer.getByPlaceholder('请输入零售价').inputValue())
        .toBe(target.retailPrice.toFixed(2));
      await drawer.getByPlaceholder('请输入商品名称').fill(`${target.name}（新包装）`);
      await drawer.getByPlaceholder('请输入零售价').fill('88.8');
      await drawer.getByPlaceholder('请输入申请原因').fill('包装升级，零售价调整');
      const apply = await submit(page, drawer, '/api/v1/product/commodityEditApply/add');
      await context.close();

      // Nothing changes before the approval.
      expect(await listed(browser, target.code)).not.toContain('新包装');
      await approveInCentre(browser, 'hq001', 'admin', apply.applyCode);
      const row = await listed(browser, target.code);
      expect(row).toContain(`${target.name}（新包装）`);
      expect(row).toContain('88.80');
    },
  );

  it('a disable application stops the commodity once approved', { timeout: 90_000 }, async () => {
    const target = seeded[1]!;
    const { context, page } = await openConsole(browser, CLERK, '/admin/product/commodityStateApplyList');
    await waitForApp(page, 'admin');
    await page.getByRole('button', { name: '新增申请' }).click();
    const drawer = formOf(page, '新增商品状态申请');
    await pick(page, drawer, '请选择商品', target.name, target.code);
    await pick(page, drawer, '请选择申请事项', '停用');
    await drawer.getByPlaceholder('请输入申请原因').fill('供应中断，暂停销售');
    const apply = await submit(page, drawer, '/api/v1/product/commodityStateApply/add');
    await context.close();

    expect(await listed(browser, target.code)).toContain('启用');
    await approveInCentre(browser, 'hq001', 'admin', apply.applyCode);
    expect(await listed(browser, target.code)).toContain('停用');
  });
});
