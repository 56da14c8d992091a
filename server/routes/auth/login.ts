import type { FastifyInstance } from 'fastify';
import { login, logout } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { redeemAuthCode } from '../../services/authcode';
import { revokeSession } from '../../services/session';
import { smsHashKey, verifySmsCode } from '../../services/sms';
import { resolveScan, WECHAT_MSG, wechatProviderFor } from '../../services/wechat';
import {
  activeUser,
  checkAccountPassword,
  DEFAULT_SYSTEM_ID,
  type SignedInUser,
  startSession,
} from './sign-in';

export const AUTH_CODE_INVALID = '授权码无效或已过期';
export const ABNORMAL_WARNING = '检测到您的账号存在异常登录，请完成身份验证后继续使用';

/** Login attempts per client address and minute: generous for an office behind one address. */
export const LOGIN_RATE = { max: 100, timeWindow: 60_000 };

/**
 * POST /api/v1/auth/login, every account type (SPEC 3, 7.1):
 * 1 account + RSA-OAEP password; 2 phone + SMS code in `password`; 3 messaging-app code in `account`
 * (reply adds specialResult); 4 single-use auth code in `account`. Also logout.
 * Pinned by tests/server/auth-login.test.ts and session.test.ts.
 */
export default async function loginRoutes(app: FastifyInstance) {
  const smsKey = smsHashKey(app.keys.privateKeyPem);
  const wechat = wechatProviderFor({ demo: app.config.demo, db: app.db });

  async function phoneUser(phone: string, code: string): Promise<SignedInUser> {
    await verifySmsCode(app.db, { phone, purpose: 'login', code, hashKey: smsKey, consume: true });
    const user = await app.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName'])
      .where('phone', '=', phone)
      .where('status', '=', 1)
      .executeTakeFirst();
    // Only registered phones ever receive a login code; this is the same answer as a wrong code.
    if (!user) throw ApiError.badRequest('验证码错误或已失效');
    return user;
  }

  async function wechatUser(code: string) {
    if (!wechat) throw ApiError.badRequest(WECHAT_MSG.unavailable);
    const scan = await resolveScan(app.db, wechat, { code, actType: 1, userId: null, consume: true });
    const user = await app.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName', 'abnormalLogin'])
      .where('wechatOpenId', '=', scan.openId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!user) throw ApiError.badRequest(WECHAT_MSG.notBound);
    return user;
  }

  contractRoute(
    app,
    login,
  )({
    config: { public: true, signIn: true, rateLimit: LOGIN_RATE },
    handler: async (request) => {
      const body = request.body;
      // Every account type requires `account` (its if/then in the contract); typed optional above them.
      const account = body.account ?? '';
      const session = { appCode: body.appCode, systemId: body.systemId };
      switch (body.accountType) {
        case 1: {
          const user = await checkAccountPassword(app, account, body.password ?? '');
          return startSession(app, user, session);
        }
        case 2: {
          const user = await phoneUser(account, body.password ?? '');
          return startSession(app, user, { ...session, identityChecked: true });
        }
        case 3: {
          const user = await wechatUser(account);
          const reply = await startSession(app, user, session);
          // SPEC 2.2: a messaging-app login may warn before going on; here, when the account is flagged.
          const specialResult = user.abnormalLogin
            ? { success: false, msg: ABNORMAL_WARNING }
            : { success: true, msg: '' };
          return { ...reply, specialResult };
        }
        case 4: {
          const userId = await redeemAuthCode(app.db, account, body.systemId ?? DEFAULT_SYSTEM_ID);
          const user = userId === undefined ? undefined : await activeUser(app, userId);
          if (!user) throw ApiError.badRequest(AUTH_CODE_INVALID);
          return startSession(app, user, { ...session, identityChecked: true });
        }
      }
    },
  });

  contractRoute(
    app,
    logout,
  )({
    handler: async (request) => {
      await revokeSession(app.db, request.auth!.sessionId, 'logout');
      return null;
    },
  });
}
