import { callContract } from '@/runtime/request';
import { wechatQr, WECHAT_ACT_TYPES } from '@/schema/contracts/session';

/** A messaging-app action: 1 login, 2/5 bind, 3/6 unbind, 4 identity check (SPEC 2.5). */
export type WechatActType = (typeof WECHAT_ACT_TYPES)[number];

/**
 * The QR content for a messaging-app action (contract: src/schema/contracts/session.ts wechatQr).
 * Login is public; the others act on the signed-in user. Silent: the panel shows the reason in place
 * of the code.
 */
export function fetchWechatQr(actType: WechatActType) {
  return callContract(wechatQr, { query: { actType } }, { needToken: actType !== 1, silent: true });
}
