import type { FastifyInstance } from 'fastify';
import { checkWechatInfo, wechatQr } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { auditIdentity } from '../../services/profile-audit';
import { markSessionCheck } from '../../services/profile-checks';
import {
  BIND_ACTS,
  createWechatState,
  needsUser,
  resolveScan,
  UNBIND_ACTS,
  WECHAT_MSG,
  wechatProviderFor,
} from '../../services/wechat';
import type { AuthContext } from '../../types';

/**
 * Messaging-app QR codes and scan results (SPEC 2.5, 2.7, 2.9, 7.1).
 * GET /api/v1/auth/wechat/qr?actType → { authorizeUrl, state }: the QR content; state ends with _<actType>.
 * GET /api/v1/auth/checkWechatInfoBeforeLogin?code&type: type 1 checks a login scan without using it;
 * 4 is the identity check; 2/5 bind and 3/6 unbind the signed-in user's messaging account.
 * Pinned by tests/server/auth-wechat.test.ts.
 */
export default async function wechatRoutes(app: FastifyInstance) {
  const provider = wechatProviderFor({ demo: app.config.demo, db: app.db });
  const requireUser = (auth: AuthContext | null) => {
    if (!auth) throw ApiError.expired();
    return auth;
  };
  const boundOpenId = async (userId: number) =>
    (
      await app.db
        .selectFrom('appUser')
        .select('wechatOpenId')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).wechatOpenId;

  contractRoute(
    app,
    wechatQr,
  )({
    config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: async (request) => {
      if (!provider) throw ApiError.badRequest(WECHAT_MSG.unavailable);
      const act = request.query.actType;
      const auth = needsUser(act) ? requireUser(request.auth) : null;
      if (auth) {
        // Fail before the scan when the action cannot succeed anyway.
        const bound = await boundOpenId(auth.userId);
        if (BIND_ACTS.includes(act) && bound) throw ApiError.badRequest(WECHAT_MSG.alreadyBound);
        if (!BIND_ACTS.includes(act) && !bound) throw ApiError.badRequest(WECHAT_MSG.noBinding);
      }
      const state = await createWechatState(app.db, act, auth?.userId ?? null);
      return { authorizeUrl: provider.authorizeUrl(state), state };
    },
  });

  contractRoute(
    app,
    checkWechatInfo,
  )({
    config: { public: true, rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: async (request) => {
      if (!provider) throw ApiError.badRequest(WECHAT_MSG.unavailable);
      const { code, type } = request.query;
      if (type === 1) {
        const scan = await resolveScan(app.db, provider, { code, actType: 1, userId: null, consume: false });
        const user = await app.db
          .selectFrom('appUser')
          .select('id')
          .where('wechatOpenId', '=', scan.openId)
          .where('status', '=', 1)
          .executeTakeFirst();
        if (!user) throw ApiError.badRequest(WECHAT_MSG.notBound);
        return { bound: true };
      }
      const auth = requireUser(request.auth);
      const scan = await resolveScan(app.db, provider, {
        code,
        actType: type,
        userId: auth.userId,
        consume: true,
      });
      const bound = await boundOpenId(auth.userId);
      const audit = (action: string, before: unknown, after: unknown) =>
        auditIdentity(app.db, {
          userId: auth.userId,
          action,
          entityId: auth.userId,
          requestId: String(request.id),
          before,
          after,
        });
      if (type === 4) {
        if (!bound) throw ApiError.badRequest(WECHAT_MSG.noBinding);
        if (bound !== scan.openId) throw ApiError.badRequest(WECHAT_MSG.mismatch);
        await markSessionCheck(app.db, auth.sessionId, { identity: true });
        return { checked: true };
      }
      if (BIND_ACTS.includes(type)) {
        if (bound) throw ApiError.badRequest(WECHAT_MSG.alreadyBound);
        const other = await app.db
          .selectFrom('appUser')
          .select('id')
          .where('wechatOpenId', '=', scan.openId)
          .executeTakeFirst();
        if (other) throw ApiError.badRequest(WECHAT_MSG.boundElsewhere);
        await app.db
          .updateTable('appUser')
          .set({ wechatOpenId: scan.openId, updatedAt: new Date() })
          .where('id', '=', auth.userId)
          .execute();
        await audit('wechat_bind', { bindWechatStatus: 0 }, { bindWechatStatus: 1 });
        return { bindWechatStatus: 1 };
      }
      if (UNBIND_ACTS.includes(type)) {
        if (!bound) throw ApiError.badRequest(WECHAT_MSG.noBinding);
        if (bound !== scan.openId) throw ApiError.badRequest(WECHAT_MSG.mismatch);
        await app.db
          .updateTable('appUser')
          .set({ wechatOpenId: null, updatedAt: new Date() })
          .where('id', '=', auth.userId)
          .execute();
        await audit('wechat_unbind', { bindWechatStatus: 1 }, { bindWechatStatus: 0 });
        return { bindWechatStatus: 0 };
      }
      throw ApiError.badRequest('二维码类型不正确');
    },
  });
}
