import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index';
import { sha256Hex } from '../security/keys';
import type { WechatProvider, WechatScan } from './wechat-provider';

/**
 * The demo messaging-app provider: the QR code points at /dev/wechat/authorize, where a demo identity
 * confirms; that page stores a one-time code (hashed, 5 minutes) and redirects to /checkPage, exactly as
 * the real provider would. The server then trades the code here.
 */
export const WECHAT_GRANT_TTL_MS = 5 * 60_000;

/** Each account's demo messaging-app identity; the same account always gets the same one. */
export const demoOpenId = (account: string) => `demo-wx-${account}`;

/** An identity bound to no account, to show what an unbound scan does. */
export const strangerOpenId = () => `demo-wx-guest-${randomBytes(6).toString('hex')}`;

export async function createDemoGrant(db: Database, state: string, openId: string): Promise<string> {
  const code = randomBytes(18).toString('base64url');
  const now = new Date();
  await db
    .insertInto('wechatGrant')
    .values({
      codeHash: sha256Hex(code),
      state,
      openId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WECHAT_GRANT_TTL_MS),
    })
    .execute();
  return code;
}

export function demoWechatProvider(db: Database): WechatProvider {
  return {
    authorizeUrl: (state) => `/dev/wechat/authorize?state=${encodeURIComponent(state)}`,
    async exchange(code, consume): Promise<WechatScan | undefined> {
      const now = new Date();
      const base = { codeHash: sha256Hex(code) };
      if (!consume) {
        return db
          .selectFrom('wechatGrant')
          .select(['openId', 'state'])
          .where('codeHash', '=', base.codeHash)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', now)
          .executeTakeFirst();
      }
      return db
        .updateTable('wechatGrant')
        .set({ usedAt: now })
        .where('codeHash', '=', base.codeHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning(['openId', 'state'])
        .executeTakeFirst();
    },
  };
}
