import type { FastifyInstance } from 'fastify';
import { editPassword, findUserPwdByPhone } from '../../../src/schema/contracts/account';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { decryptPassword } from '../../security/keys';
import { hashPassword, verifyPassword } from '../../security/password';
import { assertNotLocked, clearFailures, recordFailure } from '../../services/lockout';
import { auditIdentity } from '../../services/profile-audit';
import { passwordPolicyError } from '../../services/profile-password';
import { SMS_MSG, smsHashKey, verifySmsCode } from '../../services/sms';
import { forgetSessions } from '../../services/session';

/** errorType 1: the code (the page goes back to step 1, SPEC 4); 2: the new password (stay on step 2). */
const failed = (errorType: 1 | 2, errorMsg: string) => ({ success: false, errorMsg, errorType });

/**
 * Password recovery by phone and password change (SPEC 2.6, 2.9, 5, 7.2). Both revoke sessions
 * server-side (DESIGN.md 3). Pinned by tests/server/auth-password.test.ts.
 */
export default async function smmUserRoutes(app: FastifyInstance) {
  const hashKey = smsHashKey(app.keys.privateKeyPem);

  contractRoute(
    app,
    findUserPwdByPhone,
  )({
    config: { public: true, rateLimit: { max: 20, timeWindow: 60_000 } },
    handler: async (request) => {
      const { phone, code, password } = request.body;
      const plain = decryptPassword(app.keys.privateKeyPem, password);
      if (plain === undefined) return failed(2, '密码解密失败，请刷新页面后重试');
      const problem = passwordPolicyError(plain);
      if (problem) return failed(2, problem);
      try {
        await verifySmsCode(app.db, { phone, purpose: 'retrieve', code, hashKey, consume: true });
      } catch (error) {
        if (error instanceof ApiError) return failed(1, error.message);
        throw error;
      }
      const user = await app.db
        .selectFrom('appUser')
        .select(['id', 'account'])
        .where('phone', '=', phone)
        .where('status', '=', 1)
        .executeTakeFirst();
      // Unregistered phones never get a recovery code, so this is the answer for a wrong code too.
      if (!user) return failed(1, SMS_MSG.invalid);
      const now = new Date();
      const passwordHash = await hashPassword(plain);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('appUser')
          .set({ passwordHash, pwdChangeDue: false, pwdResetAt: null, pwdResetUsedAt: null, updatedAt: now })
          .where('id', '=', user.id)
          .execute();
        await trx
          .updateTable('session')
          .set({ revokedAt: now, revokeReason: 'password', state: 0 })
          .where('userId', '=', user.id)
          .where('revokedAt', 'is', null)
          .execute();
      });
      forgetSessions();
      await clearFailures(app.db, user.account);
      await auditIdentity(app.db, {
        userId: user.id,
        action: 'password_reset',
        entityId: user.id,
        requestId: String(request.id),
      });
      return { success: true, errorMsg: '', errorType: 0 };
    },
  });

  contractRoute(
    app,
    editPassword,
  )({
    handler: async (request) => {
      const auth = request.auth!;
      await assertNotLocked(app.db, auth.account);
      const oldPlain = decryptPassword(app.keys.privateKeyPem, request.body.oldPwd);
      const newPlain = decryptPassword(app.keys.privateKeyPem, request.body.newPwd);
      const user = await app.db
        .selectFrom('appUser')
        .select(['passwordHash'])
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      if (oldPlain === undefined || !(await verifyPassword(oldPlain, user.passwordHash))) {
        // Counts toward the same lockout as login: a held session must not become a password oracle.
        await recordFailure(app.db, auth.account);
        throw ApiError.badRequest('旧密码错误');
      }
      if (newPlain === undefined) throw ApiError.badRequest('密码解密失败，请刷新页面后重试');
      const problem = passwordPolicyError(newPlain);
      if (problem) throw ApiError.badRequest(problem);
      if (newPlain === oldPlain) throw ApiError.badRequest('新密码不能与旧密码相同');
      const now = new Date();
      const passwordHash = await hashPassword(newPlain);
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('appUser')
          .set({ passwordHash, pwdChangeDue: false, pwdResetAt: null, pwdResetUsedAt: null, updatedAt: now })
          .where('id', '=', auth.userId)
          .execute();
        // Every other session of the account ends; this one stays signed in.
        await trx
          .updateTable('session')
          .set({ revokedAt: now, revokeReason: 'password', state: 0 })
          .where('userId', '=', auth.userId)
          .where('id', '!=', auth.sessionId)
          .where('revokedAt', 'is', null)
          .execute();
      });
      forgetSessions();
      await clearFailures(app.db, auth.account);
      await auditIdentity(app.db, {
        userId: auth.userId,
        action: 'password_change',
        entityId: auth.userId,
        requestId: String(request.id),
      });
      return true;
    },
  });
}
