import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { sha256Hex } from '../security/keys';
import type { SmsSender } from './sms-sender';

/** DESIGN.md 3: 6 digits, single use, 5 minutes, one send per phone per 60 s, 5 wrong tries burn the code. */
export const SMS_RULES = { digits: 6, ttlMs: 5 * 60_000, resendMs: 60_000, maxTries: 5 } as const;

/**
 * What a code is for. A code only ever proves what it was sent for: a login code cannot reset a password.
 * login: phone-code login; retrieve: password recovery; bind: a new phone to bind; user: the signed-in
 * user's own phone (identity check, change-phone step 1).
 */
export type SmsPurpose = 'login' | 'retrieve' | 'bind' | 'user';

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: '登录',
  retrieve: '找回密码',
  bind: '绑定手机号',
  user: '身份验证',
};

export const SMS_MSG = {
  invalid: '验证码错误或已失效',
  burned: '验证码错误次数过多，请重新获取',
} as const;

/** The demo outbox text; /api/dev/sms reads the code back out of it. */
export function smsText(code: string, purpose: SmsPurpose): string {
  return `【鲜丰生鲜】您的验证码为${code}，用于${PURPOSE_TEXT[purpose]}，5分钟内有效，请勿泄露给他人。`;
}

/**
 * Codes are stored as an HMAC keyed with a server-only secret: a plain hash of 6 digits would fall to a
 * million guesses by anyone who can read the table.
 */
export function smsHashKey(privateKeyPem: string): string {
  return sha256Hex(`sms-code:${privateKeyPem}`);
}

function codeHash(key: string, phone: string, purpose: SmsPurpose, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${purpose}:${code}`).digest('hex');
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_RULES.digits)).padStart(SMS_RULES.digits, '0');
}

export interface IssueOptions {
  phone: string;
  purpose: SmsPurpose;
  hashKey: string;
  sender: SmsSender;
  /**
   * False for a phone no account uses (login, recovery): a code row is still recorded so the 60 s rule
   * and the answer look exactly the same, but nothing is sent, so the reply never tells who is registered.
   */
  deliver: boolean;
}

/**
 * Issues a code. The 60 s check and the insert run under a per-phone advisory lock, so two concurrent
 * sends cannot both pass the check (PostgreSQL; PGlite runs one query at a time anyway).
 */
export async function issueSmsCode(db: Database, options: IssueOptions): Promise<void> {
  const { phone, purpose, hashKey } = options;
  const code = newSmsCode();
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
    const last = await trx
      .selectFrom('smsCode')
      .select('createdAt')
      .where('phone', '=', phone)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const waitMs = new Date(last.createdAt).getTime() + SMS_RULES.resendMs - Date.now();
      if (waitMs > 0) {
        throw ApiError.tooMany(`验证码发送过于频繁，请${Math.ceil(waitMs / 1000)}秒后再试`);
      }
    }
    const now = new Date();
    await trx
      .insertInto('smsCode')
      .values({
        phone,
        purpose,
        codeHash: codeHash(hashKey, phone, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + SMS_RULES.ttlMs),
      })
      .execute();
  });
  if (options.deliver) await options.sender.send(phone, smsText(code, purpose));
}

export interface VerifyOptions {
  phone: string;
  purpose: SmsPurpose;
  code: string;
  hashKey: string;
  /** Consume the code (the action itself) or only check it (a step before the action). */
  consume: boolean;
}

/**
 * Checks a code against the newest one sent to the phone for the purpose; an older code never counts.
 * A wrong guess counts a try, the fifth burns the code. Throws 400 with the Chinese reason.
 * Validity is measured from created_at (and expires_at), so tests can age a code by moving created_at.
 */
export async function verifySmsCode(db: Database, options: VerifyOptions): Promise<void> {
  const { phone, purpose, code, hashKey } = options;
  const row = await db
    .selectFrom('smsCode')
    .select(['id', 'codeHash', 'createdAt', 'expiresAt', 'tries', 'usedAt'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const now = Date.now();
  if (
    !row ||
    row.usedAt ||
    row.tries >= SMS_RULES.maxTries ||
    new Date(row.createdAt).getTime() + SMS_RULES.ttlMs <= now ||
    new Date(row.expiresAt).getTime() <= now
  ) {
    throw ApiError.badRequest(SMS_MSG.invalid);
  }
  const expected = Buffer.from(row.codeHash);
  const actual = Buffer.from(codeHash(hashKey, phone, purpose, code));
  if (!/^\d{6}$/.test(code) || !expected.equals(actual)) {
    const counted = await db
      .updateTable('smsCode')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', row.id)
      .returning('tries')
      .executeTakeFirst();
    if ((counted?.tries ?? SMS_RULES.maxTries) >= SMS_RULES.maxTries) {
      await db.updateTable('smsCode').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
      throw ApiError.badRequest(SMS_MSG.burned);
    }
    throw ApiError.badRequest(SMS_MSG.invalid);
  }
  if (options.consume) {
    // Conditional update: of two concurrent uses of one code, only one wins.
    const used = await db
      .updateTable('smsCode')
      .set({ usedAt: new Date() })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw ApiError.badRequest(SMS_MSG.invalid);
  }
}
