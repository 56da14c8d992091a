import { api } from '@/runtime/request';

/**
 * The QR content for a messaging-app action (1 login, 4 identity check, 5 bind, 6 unbind; server
 * /api/v1/auth/wechat/qr). Login is public; the others act on the signed-in user. Silent: the panel
 * shows the reason in place of the code.
 */
export function fetchWechatQr(actType: number) {
  return api.get<{ authorizeUrl: string; state: string }>(
    '/api/v1/auth/wechat/qr',
    { actType },
    { needToken: actType !== 1, silent: true },
  );
}
