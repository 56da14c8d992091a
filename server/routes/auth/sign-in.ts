import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/envelope';
import { decryptPassword, sha256Hex } from '../../security/keys';
import { dummyPasswordHash, verifyPassword } from '../../security/password';
import { assertNotLocked, clearFailures, recordFailure } from '../../services/lockout';
import { markSessionCheck } from '../../services/profile-checks';
import { openSession } from '../../services/session';

export const WRONG_PASSWORD = '账号或密码错误';
export const DEFAULT_APP_CODE = '10004';
export const DEFAULT_SYSTEM_ID = 300;

export interface SignedInUser {
  id: number;
  account: string;
  realName: string;
}

/**
 * Account + encrypted password (accountType 1 and the legacy user03/login). A decryption failure, an
 * unknown account and a wrong password answer alike, and scrypt always runs so timing tells nothing.
 * Pinned by tests/server/session.test.ts and auth-login.test.ts.
 */
export async function checkAccountPassword(
  app: FastifyInstance,
  rawAccount: string,
  encrypted: string,
): Promise<SignedInUser> {
  const account = rawAccount.trim();
  if (!account) throw ApiError.badRequest('请输入您的账号');
  await assertNotLocked(app.db, account);
  const plain = decryptPassword(app.keys.privateKeyPem, encrypted);
  if (plain !== undefined && (plain.length < 6 || plain.length > 20)) {
    throw ApiError.badRequest('长度在 6 到 20 个字符');
  }
  const user = await app.db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName', 'passwordHash', 'status', 'pwdResetAt', 'pwdResetUsedAt'])
    .where('account', '=', account)
    .executeTakeFirst();
  const valid =
    (await verifyPassword(plain ?? '', user?.passwordHash ?? (await dummyPasswordHash()))) &&
    plain !== undefined &&
    user?.status === 1;
  if (!valid || !user) {
    await recordFailure(app.db, account);
    throw ApiError.badRequest(WRONG_PASSWORD);
  }
  await clearFailures(app.db, account);
  if (user.pwdResetAt) await spendOneTimePassword(app, user.id, user.pwdResetAt, user.pwdResetUsedAt);
  return { id: user.id, account: user.account, realName: user.realName };
}

export const ONE_TIME_PASSWORD_SPENT = '临时密码已使用过，请联系管理员重新重置密码';

/**
 * A password an administrator reset (issue 20.4) signs in once: the first sign-in spends it (atomically,
 * so two racing sign-ins cannot both pass), a later one is refused until the user has changed it.
 */
async function spendOneTimePassword(
  app: FastifyInstance,
  userId: number,
  resetAt: Date,
  usedAt: Date | null,
): Promise<void> {
  const spent = usedAt !== null && new Date(usedAt) >= new Date(resetAt);
  const claimed =
    !spent &&
    (await app.db
      .updateTable('appUser')
      .set({ pwdResetUsedAt: new Date() })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('pwdResetUsedAt', 'is', null), eb('pwdResetUsedAt', '<', resetAt)]))
      .executeTakeFirst());
  if (!claimed || Number(claimed.numUpdatedRows) === 0) throw ApiError.badRequest(ONE_TIME_PASSWORD_SPENT);
}

/** An opened account (status 1) by id, or undefined. */
export async function activeUser(app: FastifyInstance, userId: number): Promise<SignedInUser | undefined> {
  return app.db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName'])
    .where('id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
}

/**
 * Opens the session and builds the SPEC 3 login response. identityChecked: the way in already proved
 * possession of a second factor (an SMS code to the bound phone, or an auth code issued by a session that
 * passed its checks), so the abnormal-login identity check is satisfied for this session.
 */
export async function startSession(
  app: FastifyInstance,
  user: SignedInUser,
  options: { appCode?: string | undefined; systemId?: number | undefined; identityChecked?: boolean },
) {
  const token = await openSession(
    app.db,
    app.config,
    user.id,
    options.appCode ?? DEFAULT_APP_CODE,
    options.systemId ?? DEFAULT_SYSTEM_ID,
  );
  if (options.identityChecked) {
    const session = await app.db
      .selectFrom('session')
      .select('id')
      .where('tokenHash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    await markSessionCheck(app.db, session.id, { identity: true });
  }
  return { token, userId: user.id, employeeNumber: user.account, realName: user.realName };
}
