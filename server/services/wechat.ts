import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { WECHAT_ACT_TYPES } from '../../src/schema/contracts/session';
import { demoWechatProvider } from './wechat-demo';
import type { WechatProvider, WechatScan } from './wechat-provider';

export type { WechatProvider, WechatScan } from './wechat-provider';

/**
 * Messaging-app (WeChat) sign-in and binding. The provider sits behind an interface (DESIGN.md 3):
 * in demo mode a local authorize page plays the provider; a real one is another implementation.
 *
 * actType (SPEC 2.5): 1 login, 4 identity check of the signed-in user, 2/5 bind, 3/6 unbind.
 */
export type WechatActType = (typeof WECHAT_ACT_TYPES)[number];
export { WECHAT_ACT_TYPES };
export const BIND_ACTS: WechatActType[] = [2, 5];
export const UNBIND_ACTS: WechatActType[] = [3, 6];
/** Every action but login acts on the signed-in user. */
export const needsUser = (act: WechatActType) => act !== 1;

export const WECHAT_STATE_TTL_MS = 5 * 60_000;

export function wechatProviderFor(options: { demo: boolean; db: Database }): WechatProvider | undefined {
  return options.demo ? demoWechatProvider(options.db) : undefined;
}

export const WECHAT_MSG = {
  unavailable: '微信登录暂未开通',
  expired: '二维码已失效，请重新扫码',
  notBound: '该微信未绑定账号，请使用账号密码登录后在个人中心绑定',
  mismatch: '扫码微信与当前账号绑定的微信不一致',
  noBinding: '当前账号未绑定微信',
  alreadyBound: '当前账号已绑定微信，请先解绑',
  boundElsewhere: '该微信已绑定其他账号',
} as const;

/** state = random + '_' + actType: /checkPage reads the action from the last segment (SPEC 2.5). */
export async function createWechatState(
  db: Database,
  actType: WechatActType,
  userId: number | null,
): Promise<string> {
  const state = `${randomBytes(16).toString('hex')}_${actType}`;
  const now = new Date();
  // Anonymous callers create states (login QR): clear expired ones so the table stays small.
  await db
    .deleteFrom('wechatState')
    .where('expiresAt', '<', new Date(now.getTime() - WECHAT_STATE_TTL_MS))
    .execute();
  await db
    .insertInto('wechatState')
    .values({
      state,
      actType,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_MS),
    })
    .execute();
  return state;
}

export async function findWechatState(db: Database, state: string) {
  return db
    .selectFrom('wechatState')
    .selectAll()
    .where('state', '=', state)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

/**
 * Resolves a scan for an action: the code must be valid, its state must be for the same action, and for
 * actions on a user the state must have been created by that same signed-in user (so a code confirmed
 * for someone else's QR cannot bind to this account).
 */
export async function resolveScan(
  db: Database,
  provider: WechatProvider,
  options: { code: string; actType: WechatActType; userId: number | null; consume: boolean },
): Promise<WechatScan> {
  // Look first, spend after: a code shown to the wrong user or action is refused without being burnt.
  const scan = await provider.exchange(options.code, false);
  if (!scan) throw ApiError.badRequest(WECHAT_MSG.expired);
  const state = await db
    .selectFrom('wechatState')
    .select(['actType', 'userId'])
    .where('state', '=', scan.state)
    .executeTakeFirst();
  if (!state || state.actType !== options.actType) throw ApiError.badRequest(WECHAT_MSG.expired);
  if (needsUser(options.actType) && state.userId !== options.userId) {
    throw ApiError.badRequest(WECHAT_MSG.expired);
  }
  // The spend is one conditional update: of two concurrent uses only one gets the identity.
  if (options.consume && !(await provider.exchange(options.code, true))) {
    throw ApiError.badRequest(WECHAT_MSG.expired);
  }
  return scan;
}
