import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser';
import { png } from '../server/auth-helpers';
import { formOf, pick, rows } from './product-helpers';
import { openConsole, waitForApp } from './shell-helpers';

/**
 * Issue 15.5 in Chromium: hq001 creates a supplier with a contact and a qualification file. A mobile
 * number that is not SPEC 5's (11 digits from 1) is refused in the form with '请输入正确的手机号', on the
 * supplier and on a contact line; the qualification's picture goes through the image upload; the new
 * supplier is listed with its file counted.
 */
describe('suppliers in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it(
    'creates a supplier with a validated contact and a qualification file',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openConsole(browser, 'hq001', '/admin/product/supplierList');
      await waitForApp(page, 'admin');
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: /新增供应商/ }).click();
      const drawer = formOf(page, '新增供应商');
      await drawer.getByPlaceholder('请输入供应商名称').fill('浏览器测试鲜果合作社');
      await pick(page, drawer, '请选择供应商类型', '合作社/农户');
      await drawer.getByPlaceholder('18位统一社会信用代码').fill('93330100MA2E2E0017');
      await drawer.getByPlaceholder('请输入联系人').fill('周果农');
      const errors = () => drawer.locator('.ant-formily-item-error-help').allInnerTexts();

      // SPEC 5: a mobile is 11 digits starting with 1.
      await drawer.getByPlaceholder('请输入联系电话').fill('2380000000');
      await drawer.getByPlaceholder('请输入联系电话').blur();
      await expect.poll(errors).toContain('请输入正确的手机号');
      await drawer.getByPlaceholder('请输入联系电话').fill('13900000123');

      await drawer.getByRole('button', { name: '添加联系人' }).click();
      const contact = drawer.getByPlaceholder('请输入姓名').last();
      await contact.fill('周二');
      const contactMobile = drawer.getByPlaceholder('请输入手机号').last();
      await contactMobile.fill('1390000012');
      await contactMobile.blur();
      // A line's message shows in a popover by its cell.
      const wrongLine = drawer
        .locator('.ant-formily-item-error')
        .filter({ has: page.getByPlaceholder('请输入手机号') });
      await expect.poll(() => wrongLine.count()).toBe(1);
      await expect
        .poll(() => page.locator('.ant-popover:visible').allInnerTexts())
        .toContainEqual(expect.stringContaining('请输入正确的手机号'));
      await contactMobile.fill('13900000124');
      await expect.poll(() => wrongLine.count()).toBe(0);

      await drawer.getByRole('button', { name: '添加资质文件' }).click();
      await pick(page, drawer, '请选择资质类型', '营业执照');
      await drawer.getByPlaceholder('请输入证书编号').last().fill('ZZ-2026-0017');
      const expiry = drawer.getByPlaceholder('请选择到期日期').last();
      await expiry.click();
      await expiry.fill('2027-06-30');
      await page.keyboard.press('Enter');
      const upload = drawer.locator('[data-image-upload] input[type=file]').last();
      await upload.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png(60, 40) });
      await expect.poll(() => drawer.locator('[data-image-upload] img').count()).toBe(1);

      const created = page.waitForResponse((r) => r.url().includes('/api/v1/product/supplier/add'));
      await drawer.getByTestId('form-submit').click();
      const answer = await (await created).json();
      expect(answer.result).toMatchObject({ success: true });
      const supplier = answer.data as {
        code: string;
        contactMobile: string;
        contactList: { name: string; mobile: string }[];
        qualificationList: { qualificationType: number; expiryDate: string; fileUrl: string }[];
      };
      expect(supplier.contactMobile).toBe('13900000123');
      expect(answer.data.qualificationCount).toBe(1);
      expect(supplier.contactList).toEqual([
        expect.objectContaining({ name: '周二', mobile: '13900000124' }),
      ]);
      expect(supplier.qualificationList).toEqual([
        expect.objectContaining({
          qualificationType: 1,
          expiryDate: '2027-06-30',
          fileUrl: expect.stringMatching(/^\/uploads\/xs\/supplier_qualification\/\d{6}\/[0-9a-f]{32}\.png$/),
        }),
      ]);
      await drawer.waitFor({ state: 'hidden' });

      await page.getByPlaceholder('编码、名称或联系人').fill('浏览器测试鲜果合作社');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => rows(page).count()).toBe(1);
      const row = await rows(page).first().innerText();
      expect(row).toContain(supplier.code);
      expect(row).toContain('周果农');
      await context.close();
    },
  );
});
