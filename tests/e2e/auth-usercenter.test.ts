import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openBrowser } from './browser';
import { png } from '../server/auth-helpers';
import {
  base,
  employee,
  employeePhone,
  expect,
  fieldError,
  freshPage,
  passwordLogin,
  smsCode,
  submitPassword,
  toast,
} from './auth-helpers';

const RULE = '密码需为8-16位，至少包含数字、字母、特殊字符中的两种，特殊字符仅限{}~!@#$%^&*_-.';

async function openSecurity(page: Page) {
  await page.goto(`${base()}/userCenter`);
  await page.getByRole('tab', { name: '账号安全' }).click();
}

// Issue 3 / SPEC 2.9, 4 'Changing phone' and 'Photo', 5 'Change password', 'Change phone', 'Image upload'.
describe('/userCenter in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('basic data read-only, the close icon goes to /chooseProject; a screenshot for review', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'hq001');
    await page.goto(`${base()}/userCenter`);
    const basic = page.locator('.ant-descriptions');
    await basic.getByText('hq001', { exact: true }).waitFor();
    for (const text of [
      '鲜丰集团总部',
      '正式员工',
      '系统管理员',
      '13800000001',
      'hq001@fresh.example',
      '杭州',
    ]) {
      await basic.getByText(text, { exact: true }).waitFor();
    }
    expect(await basic.locator('input').count()).toBe(0);
    await page.screenshot({ path: '/tmp/auth-usercenter-basic.png' });
    await page.getByRole('tab', { name: '账号安全' }).click();
    await page.getByText('已设置').waitFor();
    await page.getByText('138****0001').waitFor();
    await page.screenshot({ path: '/tmp/auth-usercenter-security.png' });
    await page.getByLabel('关闭').click();
    await page.waitForURL('**/chooseProject');
    await page.goto(`${base()}/login`);
    await page.getByPlaceholder('请输入您的账号').waitFor();
    await page.screenshot({ path: '/tmp/auth-login.png' });
    await context.close();
  });

  it('change password: the SPEC 5 messages, 修改成功., then only the new password signs in', async () => {
    const account = employee(104);
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, account);
    await openSecurity(page);
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.locator('.ant-modal-content');
    await dialog.getByPlaceholder('请输入您的旧密码').waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await fieldError(page, '请输入您的旧密码');
    await fieldError(page, '请输入您的新密码');
    await fieldError(page, '请再次输入新密码');
    await dialog.getByPlaceholder('请输入您的新密码').fill('Ab#1');
    await fieldError(page, '长度在 8 到 16 个字符');
    await dialog.getByPlaceholder('请输入您的新密码').fill('abcdefghij');
    await fieldError(page, RULE);
    await dialog.getByTestId('password-hint').getByText('8-16位，数字、字母、特殊字符').waitFor();
    await dialog.getByPlaceholder('请输入您的新密码').fill('Change#2026');
    await dialog.getByPlaceholder('请再次输入新密码').fill('Change#2027');
    await fieldError(page, '两次输入密码不一致');
    await dialog.getByPlaceholder('请再次输入新密码').fill('Change#2026');
    await dialog.getByPlaceholder('请输入您的旧密码').fill('Not#theOld1');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '旧密码错误');
    await dialog.getByPlaceholder('请输入您的旧密码').fill('Fresh#2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '修改成功.');
    await dialog.waitFor({ state: 'detached' });

    const other = await freshPage(browser);
    await other.page.goto(`${base()}/login`);
    await submitPassword(other.page, account);
    await toast(other.page, '账号或密码错误');
    await passwordLogin(other.page, account, 'Change#2026');
    await other.context.close();
    await context.close();
  });

  it('change phone in two steps: the old phone first, then the new one; confirm waits for 11 digits and a code', async () => {
    const account = employee(105);
    const newPhone = '13700000105';
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, account);
    await openSecurity(page);
    await page.getByRole('button', { name: '修改手机号' }).click();
    const dialog = page.locator('.ant-modal-content');
    await dialog.getByRole('button', { name: /下一步/ }).click();
    await fieldError(page, '请输入验证码');
    await dialog.getByTestId('sms-code-button').click();
    await dialog.getByPlaceholder('请输入验证码').fill(await smsCode(employeePhone(105)));
    await dialog.getByRole('button', { name: /下一步/ }).click();

    const phone = dialog.getByPlaceholder('请输入新手机号');
    const code = dialog.getByPlaceholder('请输入验证码');
    const ok = dialog.getByRole('button', { name: /确\s*定/ });
    await phone.waitFor();
    expect(await ok.isDisabled()).toBe(true);
    await phone.fill('2370000010');
    await code.fill('123456');
    await expect.poll(() => ok.isDisabled()).toBe(true);
    await phone.fill('23700001050');
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await ok.click();
    await fieldError(page, '请输入正确的手机号');
    await code.fill('123456789012');
    expect(await code.inputValue()).toHaveLength(11);
    await code.fill('');
    await phone.fill(newPhone);
    await expect.poll(() => ok.isDisabled()).toBe(true);
    await dialog.getByTestId('sms-code-button').click();
    await code.fill(await smsCode(newPhone));
    await ok.click();
    await toast(page, '修改成功.');
    await page.getByText('137****0105').waitFor();
    await page.getByRole('tab', { name: '基本资料' }).click();
    await page.locator('.ant-descriptions').getByText(newPhone).waitFor();
    await context.close();
  });

  it('photo: extension, size and square checked; a square picture is checked and saved; removing deletes it', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, employee(106));
    await openSecurity(page);
    await page.getByText('纯色背景、无美颜滤镜、无遮挡').waitFor();
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: png(200, 200) });
    await toast(page, '仅限上传 .png、.jpg 后缀的文件');
    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2049 * 1024, 1),
    });
    await toast(page, '上传文件大小不能超过 2048 KB!');
    await input.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(240, 120) });
    await toast(page, '需上传长宽比为1:1的图片');

    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('restUpload')) uploads.push(r.url());
    });
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png(200, 200) });
    await toast(page, '保存成功');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatch(
      /\/gateApi\/aiUpload\/restUpload\?timestamp=\d+&signature=[0-9a-f]{64}&modelType=AI_USER_PHOTO$/,
    );
    const img = page.locator('.ant-upload-list img');
    await img.waitFor();
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/ai\/ai_user_photo\/\d{6}\/[0-9a-f]{32}\.png$/);
    expect((await page.request.get(`${base()}${src}`)).status()).toBe(200);

    await page.reload();
    await page.getByRole('tab', { name: '账号安全' }).click();
    await page.locator('.ant-upload-list img').waitFor();
    await page.locator('.ant-upload-list-item').hover();
    await page.getByRole('button', { name: /delete|删除/i }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast(page, '操作成功');
    await page.getByTestId('photo-upload').waitFor();
    expect((await page.request.get(`${base()}${src}`)).status()).toBe(404);
    await context.close();
  });
});
