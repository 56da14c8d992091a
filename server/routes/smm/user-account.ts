import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/account';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { consumeSliderProof } from '../../services/captcha';
import { maskPhone } from '../../services/profile';
import { auditIdentity } from '../../services/profile-audit';
import { markSessionCheck, OLD_PHONE_CHECK_TTL_MS, sessionChecks } from '../../services/profile-checks';
import { issueSmsCode, SMS_RULES, smsHashKey, verifySmsCode } from '../../services/sms';
import { smsSenderFor } from '../../services/sms-sender';
import type { AuthContext } from '../../types';

export const PHONE_TAKEN = '该手机号已被其他账号绑定';

const SEND_RATE = { max: 30, timeWindow: 60_000 };
const CHECK_RATE = { max: 30, timeWindow: 60_000 };

/**
 * SMS codes and phone binding (SPEC 2.2, 2.6–2.9, 7.2). Purposes keep codes apart: login, retrieve
 * (needs a slider proof), bind (a new phone, signed in) and user (the signed-in user's own phone).
 * Public calls never tell whether a phone is registered. Pinned by tests/server/auth-sms.test.ts.
 */
export default async function userAccountRoutes(app: FastifyInstance) {
  const hashKey = smsHashKey(app.keys.privateKeyPem);
  const sender = smsSenderFor({ demo: app.config.demo, db: app.db, log: app.log });
  const requireUser = (auth: AuthContext | null) => {
    if (!auth) throw ApiError.expired();
    return auth;
  };
  const ownerOf = (phone: string) =>
    app.db.selectFrom('appUser').select(['id', 'status']).where('phone', '=', phone).executeTakeFirst();
  const userPhone = async (userId: number) =>
    (await app.db.selectFrom('appUser').select('phone').where('id', '=', userId).executeTakeFirstOrThrow())
      .phone;

  contractRoute(
    app,
    c.sendPhoneCode,
  )({
    config: { public: true, rateLimit: SEND_RATE },
    handler: async (request) => {
      const { phone, purpose, proof } = request.query;
      let deliver: boolean;
      if (purpose === 'bind') {
        const auth = requireUser(request.auth);
        const owner = await ownerOf(phone);
        if (owner && owner.id !== auth.userId) throw ApiError.conflict(PHONE_TAKEN);
        if (owner) throw ApiError.badRequest('新手机号不能与当前手机号相同');
        deliver = true;
      } else {
        // Recovery codes need a passed slider first (SPEC 2.6); the proof is spent here.
        if (purpose === 'retrieve') await consumeSliderProof(app.db, proof);
        const owner = await ownerOf(phone);
        deliver = owner?.status === 1;
      }
      await issueSmsCode(app.db, { phone, purpose, hashKey, sender, deliver });
      return { resendAfter: SMS_RULES.resendMs / 1000 };
    },
  });

  // Recovery step 1 (public): checks the code without spending it; findUserPwdByPhone spends it.
  contractRoute(
    app,
    c.checkTelephoneCode,
  )({
    config: { public: true, rateLimit: CHECK_RATE },
    handler: async (request) => {
      const { phone, code } = request.query;
      await verifySmsCode(app.db, { phone, purpose: 'retrieve', code, hashKey, consume: false });
      return true;
    },
  });

  // A new phone's code before binding (signed in): checked, not spent; bindPhone spends it.
  contractRoute(
    app,
    c.checkPhoneCode,
  )({
    config: { rateLimit: CHECK_RATE },
    handler: async (request) => {
      const { phone, code } = request.query;
      await verifySmsCode(app.db, { phone, purpose: 'bind', code, hashKey, consume: false });
      return true;
    },
  });

  // Public: only the format without a session (no registration lookup); signed in, also whether it is free.
  contractRoute(
    app,
    c.checkPhone,
  )({
    config: { public: true, rateLimit: CHECK_RATE },
    handler: async (request) => {
      if (request.auth) {
        const owner = await ownerOf(request.query.phone);
        if (owner && owner.id !== request.auth.userId) throw ApiError.conflict(PHONE_TAKEN);
      }
      return true;
    },
  });

  contractRoute(
    app,
    c.sendUserPhoneCode,
  )({
    config: { rateLimit: SEND_RATE },
    handler: async (request) => {
      const phone = await userPhone(request.auth!.userId);
      if (!phone) throw ApiError.badRequest('当前账号未绑定手机号');
      await issueSmsCode(app.db, { phone, purpose: 'user', hashKey, sender, deliver: true });
      return { phone: maskPhone(phone), resendAfter: SMS_RULES.resendMs / 1000 };
    },
  });

  // The identity check (SPEC 2.7) and change-phone step 1 (SPEC 2.9): proves the current phone.
  contractRoute(
    app,
    c.checkUserPhoneCode,
  )({
    config: { rateLimit: CHECK_RATE },
    handler: async (request) => {
      const auth = request.auth!;
      const phone = await userPhone(auth.userId);
      if (!phone) throw ApiError.badRequest('当前账号未绑定手机号');
      await verifySmsCode(app.db, {
        phone,
        purpose: 'user',
        code: request.query.code,
        hashKey,
        consume: true,
      });
      await markSessionCheck(app.db, auth.sessionId, { identity: true, oldPhone: true });
      return true;
    },
  });

  contractRoute(
    app,
    c.bindPhone,
  )({
    config: { rateLimit: CHECK_RATE },
    handler: async (request) => {
      const auth = request.auth!;
      const { phone, code } = request.query;
      const current = await userPhone(auth.userId);
      if (current) {
        // Changing a bound phone needs the old one verified first, recently, in this session.
        const checks = await sessionChecks(app.db, auth.sessionId);
        const at = checks?.oldPhoneCheckedAt ? new Date(checks.oldPhoneCheckedAt).getTime() : 0;
        if (Date.now() - at > OLD_PHONE_CHECK_TTL_MS) throw ApiError.conflict('请先验证原手机号');
      }
      const owner = await ownerOf(phone);
      if (owner && owner.id !== auth.userId) throw ApiError.conflict(PHONE_TAKEN);
      await verifySmsCode(app.db, { phone, purpose: 'bind', code, hashKey, consume: true });
      try {
        await app.db
          .updateTable('appUser')
          .set({ phone, updatedAt: new Date() })
          .where('id', '=', auth.userId)
          .execute();
      } catch (error) {
        // The unique index decides a race between two accounts binding the same phone.
        if ((error as { code?: string }).code === '23505') throw ApiError.conflict(PHONE_TAKEN);
        throw error;
      }
      await app.db
        .updateTable('sessionCheck')
        .set({ oldPhoneCheckedAt: null })
        .where('sessionId', '=', auth.sessionId)
        .execute();
      await auditIdentity(app.db, {
        userId: auth.userId,
        action: 'phone_bind',
        entityId: auth.userId,
        requestId: String(request.id),
        before: { phone: maskPhone(current) },
        after: { phone: maskPhone(phone) },
      });
      return { bindPhoneHide: maskPhone(phone) };
    },
  });
}
