import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import type { AuthContext } from '../types';
import { maskPhone } from './profile';

/** How long a verified old phone allows binding a new one (change-phone step 1 → step 2). */
export const OLD_PHONE_CHECK_TTL_MS = 10 * 60_000;

export const UPDATE_PWD_TIPS = '您的密码已长时间未修改，为保障账号安全，请尽快在个人中心修改密码。';

/** After an administrator's reset (issue 20.4): the one-time password must be changed before anything else. */
export const RESET_PWD_TIPS = '您的密码已由管理员重置，请立即修改密码后继续使用。';

export const CHECK_MSG = {
  bindPhoneFirst: '请先绑定手机号',
  identityFirst: '请先完成身份验证',
  changePasswordFirst: '请先修改密码',
} as const;

/** Records a passed security step on the session (upsert). */
export async function markSessionCheck(
  db: Database,
  sessionId: number,
  steps: { identity?: boolean; oldPhone?: boolean },
): Promise<void> {
  const now = new Date();
  const values = {
    ...(steps.identity ? { identityCheckedAt: now } : {}),
    ...(steps.oldPhone ? { oldPhoneCheckedAt: now } : {}),
  };
  await db
    .insertInto('sessionCheck')
    .values({ sessionId, ...values })
    .onConflict((oc) => oc.column('sessionId').doUpdateSet(values))
    .execute();
}

export async function sessionChecks(db: Database, sessionId: number) {
  return db
    .selectFrom('sessionCheck')
    .select(['identityCheckedAt', 'oldPhoneCheckedAt'])
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
}

/**
 * The security check after login (SPEC 2.2): 2 when no phone is bound, 3 when the account is flagged for
 * an abnormal login and this session has not passed the identity check, else 1. The flag stays on the
 * account (the risk system owns it); each new session of a flagged account proves identity again.
 */
export async function navigationFor(db: Database, auth: AuthContext) {
  const user = await db
    .selectFrom('appUser')
    .select(['phone', 'abnormalLogin', 'pwdChangeDue', 'pwdResetAt'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const checks = await sessionChecks(db, auth.sessionId);
  const navigationType = !user.phone ? 2 : user.abnormalLogin && !checks?.identityCheckedAt ? 3 : 1;
  const forcePwdChange = user.pwdResetAt !== null;
  return {
    navigationType,
    updatePwdTips: forcePwdChange ? RESET_PWD_TIPS : user.pwdChangeDue ? UPDATE_PWD_TIPS : '',
    bindPhoneHide: maskPhone(user.phone),
    forcePwdChange,
  };
}

/**
 * Enforces on the server what navigation asks of the page: no store and no jump to another subsystem
 * before the phone is bound, a flagged account has proved its identity and a password reset by an
 * administrator has been changed (409 with the reason).
 */
export async function assertSecurityStepsDone(db: Database, auth: AuthContext): Promise<void> {
  const { navigationType, forcePwdChange } = await navigationFor(db, auth);
  if (navigationType === 2) throw ApiError.conflict(CHECK_MSG.bindPhoneFirst);
  if (navigationType === 3) throw ApiError.conflict(CHECK_MSG.identityFirst);
  if (forcePwdChange) throw ApiError.conflict(CHECK_MSG.changePasswordFirst);
}
