import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, encryptForLogin, type TestApp } from '../fixtures/app';
import { expectFail, freshCode, get, latestCode, post, sendCode, sliderProof } from './auth-helpers';

// Issue 3 / SPEC 2.6, 2.9, 5, 7.2: the server-verified slider, recovery by phone without revealing who is
// registered, and the password change that ends the other sessions.
describe('slider, password recovery and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const enc = (plain: string) => encryptForLogin(t.keys.publicKeyPem, plain);
  const recover = (phone: string, code: string, password: string) =>
    post(t, '/api/v1/smm/user/findUserPwdByPhone', { phone, code, password: enc(password), encryptModel: 2 });
  const passwordWorks = async (account: string, password: string) => {
    const res = await post(t, '/api/v1/auth/login', {
      accountType: 1,
      account,
      password: enc(password),
      encryptModel: 2,
    });
    return res.body.result.success as boolean;
  };

  describe('the slider', () => {
    it('a challenge has the SPEC size', async () => {
      const res = await get(t, '/api/v1/smm/captcha/slider');
      expect(res.body.data).toEqual({
        challengeId: expect.stringMatching(/^[0-9a-f]{32}$/),
        width: 330,
        height: 40,
        knob: 40,
        expiresIn: 120,
      });
    });

    it('a drag short of the end, too fast, or without a track fails; a challenge is tried once', async () => {
      const attempt = async (report: object, wait = 350) => {
        const { body } = await get(t, '/api/v1/smm/captcha/slider');
        await new Promise((r) => setTimeout(r, wait));
        return post(t, '/api/v1/smm/captcha/slider/check', { challengeId: body.data.challengeId, ...report });
      };
      const fail = '滑块验证失败，请重试';
      expectFail(await attempt({ distance: 200, duration: 320, track: [0, 50, 100, 150, 200] }), fail);
      expectFail(await attempt({ distance: 290, duration: 50, track: [0, 50, 100, 200, 290] }), fail);
      expectFail(await attempt({ distance: 290, duration: 320, track: [290] }), fail);
      // Claims a longer drag than the challenge has existed.
      expectFail(await attempt({ distance: 290, duration: 5000, track: [0, 50, 100, 200, 290] }, 10), fail);
      expectFail(await attempt({ distance: 290 }), fail);
      const { body } = await get(t, '/api/v1/smm/captcha/slider');
      await new Promise((r) => setTimeout(r, 350));
      const report = {
        challengeId: body.data.challengeId,
        distance: 290,
        duration: 320,
        track: [0, 60, 150, 260, 290],
      };
      expect((await post(t, '/api/v1/smm/captcha/slider/check', report)).body.data.proof).toMatch(
        /^[0-9a-f]{48}$/,
      );
      expectFail(await post(t, '/api/v1/smm/captcha/slider/check', report), fail);
    });

    it('a recovery code needs a proof, and a proof works once', async () => {
      expectFail(await sendCode(t, '13800000006', 'retrieve'), '请先完成滑块验证');
      expectFail(await sendCode(t, '13800000006', 'retrieve', undefined, 'f'.repeat(48)), '请先完成滑块验证');
      const proof = await sliderProof(t);
      expect((await sendCode(t, '13800000006', 'retrieve', undefined, proof)).body.result.success).toBe(true);
      await t.database.db
        .updateTable('smsCode')
        .set({ createdAt: new Date(0) })
        .execute();
      expectFail(await sendCode(t, '13800000006', 'retrieve', undefined, proof), '请先完成滑块验证');
    });
  });

  describe('recovery by phone', () => {
    it('resets with a valid recovery code, revokes every session, and the code works once', async () => {
      const token = await t.login('tip001');
      const code = await freshCode(t, '13800000006', 'retrieve', undefined, await sliderProof(t));
      expect(
        (await get(t, `/api/v1/smm/userAccount/checkTelephoneCode?phone=13800000006&code=${code}`)).body.data,
      ).toBe(true);
      const res = await recover('13800000006', code, 'Reset#2026');
      expect(res.body).toEqual({
        result: { success: true, code: '0', msg: '' },
        data: { success: true, errorMsg: '', errorType: 0 },
      });
      expect(await passwordWorks('tip001', 'Reset#2026')).toBe(true);
      expect(await passwordWorks('tip001', 'Fresh#2026')).toBe(false);
      expect((await post(t, '/api/v1/auth/navigation', {}, token)).body.result.code).toBe('W0005');
      // The due-for-change tip is gone with the new password.
      const user = await t.database.db
        .selectFrom('appUser')
        .select('pwdChangeDue')
        .where('account', '=', 'tip001')
        .executeTakeFirst();
      expect(user!.pwdChangeDue).toBe(false);
      const again = await recover('13800000006', code, 'Other#2026');
      expect(again.body.data).toEqual({ success: false, errorMsg: '验证码错误或已失效', errorType: 1 });
    });

    it('a login code or a wrong code does not reset; a weak password is errorType 2 and keeps the code', async () => {
      const loginCode = await freshCode(t, '13800000001');
      expect((await recover('13800000001', loginCode, 'Reset#2026')).body.data.errorType).toBe(1);
      const code = await freshCode(t, '13800000001', 'retrieve', undefined, await sliderProof(t));
      for (const weak of ['short1!', 'abcdefghij', '12345678901234567', 'abc 12345']) {
        const res = await recover('13800000001', code, weak);
        expect(res.body.data).toMatchObject({ success: false, errorType: 2 });
      }
      expect((await recover('13800000001', '000001', 'Reset#2026')).body.data.errorType).toBe(1);
      expect((await recover('13800000001', code, 'Reset.2026')).body.data.success).toBe(true);
    });

    it('an unregistered phone: the same answers all the way, and no message is sent', async () => {
      const proof = await sliderProof(t);
      const sent = await sendCode(t, '13700000042', 'retrieve', undefined, proof);
      expect(sent.body).toEqual({ result: { success: true, code: '0', msg: '' }, data: { resendAfter: 60 } });
      expect(await latestCode(t, '13700000042')).toBeUndefined();
      expectFail(
        await get(t, '/api/v1/smm/userAccount/checkTelephoneCode?phone=13700000042&code=123456'),
        '验证码错误或已失效',
      );
      const res = await recover('13700000042', '123456', 'Reset#2026');
      expect(res.body.data).toEqual({ success: false, errorMsg: '验证码错误或已失效', errorType: 1 });
    });

    it('validates with the SPEC 5 messages', async () => {
      expectFail(
        await post(t, '/api/v1/smm/user/findUserPwdByPhone', { code: '1', password: 'x' }),
        '请输入手机号',
      );
      expectFail(
        await post(t, '/api/v1/smm/user/findUserPwdByPhone', { phone: '138', code: '1', password: 'x' }),
        '请输入手机号',
      );
      expectFail(
        await post(t, '/api/v1/smm/user/findUserPwdByPhone', { phone: '13800000001', password: 'x' }),
        '请输入验证码',
      );
    });
  });

  describe('password change', () => {
    const edit = (token: string, oldPwd: string, newPwd: string) =>
      post(
        t,
        '/api/v1/smm/user/editPassword',
        { oldPwd: enc(oldPwd), newPwd: enc(newPwd), encryptModel: 2 },
        token,
      );

    it('checks the old password and the rule, then revokes the other sessions only', async () => {
      const other = await post(t, '/api/v1/user03/login', {
        appCode: '10003',
        userName: 'md001',
        password: enc('Fresh#2026'),
      });
      const token = await t.login('md001');
      expectFail(await edit(token, 'Wrong#2026', 'Changed#2026'), '旧密码错误');
      expectFail(await edit(token, 'Fresh#2026', 'short'), '长度在 8 到 16 个字符');
      expectFail(
        await edit(token, 'Fresh#2026', 'onlyletters'),
        '密码需为8-16位，至少包含数字、字母、特殊字符中的两种，特殊字符仅限{}~!@#$%^&*_-.',
      );
      expectFail(await edit(token, 'Fresh#2026', 'Fresh#2026'), '新密码不能与旧密码相同');
      expect((await edit(token, 'Fresh#2026', 'Changed#2026')).body.data).toBe(true);
      // This session stays; the one on the scanner app (10003) is revoked.
      expect((await post(t, '/api/v1/auth/navigation', {}, token)).body.result.success).toBe(true);
      expect((await post(t, '/api/v1/auth/navigation', {}, other.body.data.token)).body.result.code).toBe(
        'W0005',
      );
      expect(await passwordWorks('md001', 'Changed#2026')).toBe(true);
      const audit = await t.database.db
        .selectFrom('auditLog')
        .select('action')
        .where('action', 'like', 'password%')
        .execute();
      expect(audit.map((a) => a.action)).toContain('password_change');
    });

    it('validates with the SPEC 5 messages and needs a token', async () => {
      const token = await t.login('wh001');
      expectFail(await post(t, '/api/v1/smm/user/editPassword', { newPwd: 'x' }, token), '请输入您的旧密码');
      expectFail(await post(t, '/api/v1/smm/user/editPassword', { oldPwd: 'x' }, token), '请输入您的新密码');
      expect(
        (await post(t, '/api/v1/smm/user/editPassword', { oldPwd: 'x', newPwd: 'y' })).body.result.code,
      ).toBe('W0005');
    });
  });
});
