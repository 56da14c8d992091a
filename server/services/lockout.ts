import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';

/** 5 wrong passwords within 10 minutes lock the account name for 10 minutes (issue 3). */
export const LOCK_AFTER = 5;
export const LOCK_WINDOW_MS = 10 * 60_000;

const key = (account: string) => account.trim().toLowerCase();

/** Throws 429 while locked. Unknown account names are tracked the same way, so answers do not differ. */
export async function assertNotLocked(db: Database, account: string): Promise<void> {
  const since = new Date(Date.now() - LOCK_WINDOW_MS);
  const recent = await db
    .selectFrom('loginFailure')
    .select('at')
    .where('account', '=', key(account))
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(LOCK_AFTER)
    .execute();
  if (recent.length >= LOCK_AFTER) {
    const oldest = new Date(recent[LOCK_AFTER - 1]!.at).getTime();
    const minutes = Math.max(1, Math.ceil((oldest + LOCK_WINDOW_MS - Date.now()) / 60_000));
    throw ApiError.tooMany(`密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
  }
}

export async function recordFailure(db: Database, account: string): Promise<void> {
  await db
    .insertInto('loginFailure')
    .values({ account: key(account) })
    .execute();
}

export async function clearFailures(db: Database, account: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('account', '=', key(account)).execute();
}
