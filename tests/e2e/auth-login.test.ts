import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openBrowser } from './browser';
import {
  base,
  employee,
  employeePhone,
  expect,
  fieldError,
  freshPage,
  passwordLogin,
  pathOf,
  readStorage,
  smsCode,
  submitPassword,
  toast,
  visits,
} from './auth-helpers';

// Issue 3 / SPEC 2.2, 4 'Login', 5 'Login': the three login modes and what follows a successful login.
describe('/login in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('password mode: RSA-encrypted password, token and profile stored, type 1 → /chooseProject', async () => {
    const { context, page } = await freshPage(browser);
    const sent: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/auth/login')) sent.push(r.postDataJSON());
    });
    await passwordLogin(page, '  wh001 ');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      accountType: 1,
      account: 'wh001',
      encryptModel: 2,
      appCode: '10004',
      systemId: 300,
      browserName: expect.stringMatching(/^Chrome \d+$/),
      deviceSystemType: 'PC',
      deviceSystemName: 'Linux',
    });
    // The password never travels in clear: a base64 RSA-3072 block.
    expect(sent[0]!.password).toMatch(/^[A-Za-z0-9+/]{510}[A-Za-z0-9+/=]{2}$/);
    const stored = await readStorage(page);
    expect(stored.sessionToken).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.cookie).toContain(`token=${stored.sessionToken}`);
    expect(stored.profile).toMatchObject({ employeeNumber: 'wh001', realName: '王仓管', systemId: 300 });
    await context.close();
  });

  it('the SPEC 5 messages of the password form; the account is limited to 11 and trimmed', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/login`);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await fieldError(page, '请输入您的账号');
    await fieldError(page, '请输入您的登录密码');
    const account = page.getByPlaceholder('请输入您的账号');
    await account.fill('abcdefghijklmnop');
    expect(await account.inputValue()).toBe('abcdefghijk');
    await account.fill('   ');
    await fieldError(page, '请输入您的账号');
    await page.getByPlaceholder('请输入您的登录密码').fill('12345');
    await fieldError(page, '长度在 6 到 20 个字符');
    await page.getByPlaceholder('请输入您的登录密码').fill('x'.repeat(30));
    expect(await page.getByPlaceholder('请输入您的登录密码').inputValue()).toHaveLength(20);
    await context.close();
  });

  it('a wrong password shows the server message and keeps what was typed; a double click submits once', async () => {
    const { context, page } = await freshPage(browser);
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/auth/login')) calls++;
    });
    await page.goto(`${base()}/login`);
    await page.getByPlaceholder('请输入您的账号').fill(employee(111));
    await page.getByPlaceholder('请输入您的登录密码').fill('Wrong#2026');
    await page.getByRole('button', { name: /^登\s*录$/ }).dblclick();
    await toast(page, '账号或密码错误');
    expect(calls).toBe(1);
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByPlaceholder('请输入您的账号').inputValue()).toBe(employee(111));
    expect(await page.getByPlaceholder('请输入您的登录密码').inputValue()).toBe('Wrong#2026');
    await context.close();
  });

  it('five wrong passwords lock the account', async () => {
    const { context, page } = await freshPage(browser);
    // The page's clock, so that each message's three seconds are skipped rather than waited for.
    await page.clock.install();
    await page.goto(`${base()}/login`);
    for (let i = 0; i < 5; i++) {
      await submitPassword(page, employee(103), `Wrong#${i}000`);
      await toast(page, '账号或密码错误');
      await page.clock.fastForward(3_500);
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    }
    // Even the right password is refused now.
    await submitPassword(page, employee(103));
    await toast(page, '密码错误次数过多，账号已锁定，请10分钟后再试');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('phone-code mode: the button waits for 11 digits, counts down, then offers to resend', async () => {
    const { context, page } = await freshPage(browser);
    await page.clock.install();
    await page.goto(`${base()}/login`);
    await page.getByRole('link', { name: '验证码登录' }).click();
    const button = page.getByTestId('sms-code-button');
    expect(await button.isDisabled()).toBe(true);
    const phone = page.getByPlaceholder('请输入您的手机号');
    await phone.fill('1391000');
    await expect.poll(() => button.isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await fieldError(page, '请输入正确的手机号');
    await fieldError(page, '请输入您的验证码');
    await phone.fill('');
    await fieldError(page, '请输入您的手机号');
    await phone.fill(employeePhone(101));
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await page.getByRole('button', { name: /^\d+秒$/ }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    const code = await smsCode(employeePhone(101));
    await page.clock.fastForward(61_000);
    await page.getByRole('button', { name: '重新发送' }).waitFor();
    expect(await button.isEnabled()).toBe(true);
    const code10 = page.getByPlaceholder('请输入您的验证码');
    await code10.fill('12345678901');
    expect(await code10.inputValue()).toHaveLength(10);
    await code10.fill(code);
    const arrived = visits(page, '/chooseProject');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await arrived;
    expect((await readStorage(page)).profile).toMatchObject({ employeeNumber: employee(101) });
    await context.close();
  });

  it('type 2 (nophone) → /verificationPhone, binding a phone goes on to /chooseProject', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'nophone', undefined, '/verificationPhone');
    await page.getByRole('button', { name: /绑\s*定/ }).click();
    await fieldError(page, '请输入您的手机号');
    await fieldError(page, '请输入您的验证码');
    await page.getByPlaceholder('请输入您的手机号').fill('23700000077');
    await fieldError(page, '请输入正确的手机号');
    await page.getByPlaceholder('请输入您的手机号').fill('13700000077');
    await page.getByTestId('sms-code-button').click();
    const code = await smsCode('13700000077');
    const codeInput = page.getByPlaceholder('请输入您的验证码');
    await codeInput.fill('12345678901');
    expect(await codeInput.inputValue()).toHaveLength(10);
    await codeInput.fill(code);
    const arrived = visits(page, '/chooseProject');
    await page.getByRole('button', { name: /绑\s*定/ }).click();
    await toast(page, '绑定成功');
    await arrived;
    await context.close();
  });

  it('type 3 (risk001) → /verificationAbnormal with the masked phone; the SMS check goes on', async () => {
    const { context, page } = await freshPage(browser);
    await passwordLogin(page, 'risk001', undefined, '/verificationAbnormal');
    expect(new URL(page.url()).searchParams.get('phone')).toBe('138****0005');
    expect(await page.locator('input[disabled]').first().inputValue()).toBe('138****0005');
    await page.getByRole('button', { name: /^验\s*证$/ }).click();
    await fieldError(page, '请输入验证码');
    await page.getByTestId('sms-code-button').click();
    await page.getByRole('button', { name: /^\d+秒$/ }).waitFor();
    await page.getByPlaceholder('请输入验证码').fill(await smsCode('13800000005'));
    const arrived = visits(page, '/chooseProject');
    await page.getByRole('button', { name: /^验\s*证$/ }).click();
    await arrived;
    await context.close();
  });

  it('tip001: the 安全提示 warning with no cancel button comes first, the redirect after it closes', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/login`);
    await submitPassword(page, 'tip001');
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: '安全提示' }).waitFor();
    await dialog.getByText(/密码已长时间未修改/).waitFor();
    expect(await dialog.getByRole('button').count()).toBe(1);
    expect(pathOf(page)).toBe('/login');
    const arrived = visits(page, '/chooseProject');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await arrived;
    await context.close();
  });

  it('links: the three modes and forgot password', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto(`${base()}/login`);
    await page.getByText('账号密码登录').waitFor();
    await page.getByRole('link', { name: '扫码登录' }).click();
    await page.getByText('请使用微信扫一扫登录').waitFor();
    await page.locator('[data-testid="wechat-qr"] svg').first().waitFor();
    await page.getByRole('link', { name: '验证码登录' }).click();
    await page.getByPlaceholder('请输入您的手机号').waitFor();
    await page.getByRole('link', { name: '账号密码登录' }).click();
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL('**/retrieve');
    await context.close();
  });
});
