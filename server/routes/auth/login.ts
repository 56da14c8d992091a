import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../http/envelope';
import { decryptPassword } from '../../security/keys';
import { dummyPasswordHash, verifyPassword } from '../../security/password';
import { assertNotLocked, clearFailures, recordFailure } from '../../services/lockout';
import { openSession, revokeSession } from '../../services/session';

const WRONG = '账号或密码错误';

const loginBody = {
  type: 'object',
  required: ['accountType', 'account', 'password'],
  properties: {
    accountType: { type: 'integer', enum: [1, 2, 3, 4] },
    account: {
      type: 'string',
      minLength: 1,
      maxLength: 11,
      errorMessage: { minLength: '长度在 1 到 11 个字符', maxLength: '长度在 1 到 11 个字符' },
    },
    password: { type: 'string', minLength: 1, maxLength: 2048 },
    encryptModel: { type: 'integer', enum: [2], errorMessage: '不支持的加密方式' },
    appCode: { type: 'string', maxLength: 10 },
    systemId: { type: 'integer' },
    browserName: { type: 'string', maxLength: 100 },
    deviceSystemType: { type: ['string', 'integer'] },
    deviceSystemName: { type: 'string', maxLength: 100 },
  },
  errorMessage: { required: { account: '请输入您的账号', password: '请输入您的登录密码' } },
} as const;

/**
 * Password sign-in (accountType 1) and logout. The password travels RSA-OAEP encrypted (encryptModel 2,
 * DESIGN.md); a decryption failure, an unknown account and a wrong password answer alike.
 * Pinned by tests/server/login.test.ts.
 */
export default async function authRoutes(app: FastifyInstance) {
  app.post<{
    Body: { accountType: number; account: string; password: string; appCode?: string; systemId?: number };
  }>('/api/v1/auth/login', { schema: { body: loginBody }, config: { public: true } }, async (request) => {
    const { accountType, password } = request.body;
    const account = request.body.account.trim();
    if (accountType !== 1) throw ApiError.badRequest('不支持的登录方式');
    await assertNotLocked(app.db, account);
    const plain = decryptPassword(app.keys.privateKeyPem, password);
    if (plain !== undefined && (plain.length < 6 || plain.length > 20)) {
      throw ApiError.badRequest('长度在 6 到 20 个字符');
    }
    const user = await app.db
      .selectFrom('appUser')
      .select(['id', 'account', 'realName', 'passwordHash', 'status'])
      .where('account', '=', account)
      .executeTakeFirst();
    // Always run scrypt, so timing does not tell whether the account exists.
    const valid =
      (await verifyPassword(plain ?? '', user?.passwordHash ?? (await dummyPasswordHash()))) &&
      plain !== undefined &&
      user?.status === 1;
    if (!valid || !user) {
      await recordFailure(app.db, account);
      throw ApiError.badRequest(WRONG);
    }
    await clearFailures(app.db, account);
    const token = await openSession(
      app.db,
      app.config,
      user.id,
      request.body.appCode ?? '10004',
      request.body.systemId ?? 300,
    );
    return ok({ token, userId: user.id, employeeNumber: user.account, realName: user.realName });
  });

  app.post('/api/v1/user03/logout', async (request) => {
    await revokeSession(app.db, request.auth!.sessionId, 'logout');
    return ok(null);
  });
}
