import type { FastifyInstance } from 'fastify';
import { BIND_ACTS, findWechatState, UNBIND_ACTS, type WechatActType } from '../../services/wechat';
import { createDemoGrant, demoOpenId, strangerOpenId } from '../../services/wechat-demo';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import { escapeHtml, page } from './html';

const stateQuery = {
  type: 'object',
  required: ['state'],
  properties: { state: { type: 'string', maxLength: 80 } },
} as const;

const confirmQuery = {
  type: 'object',
  required: ['state', 'openId'],
  properties: {
    state: { type: 'string', maxLength: 80 },
    openId: { type: 'string', pattern: '^demo-wx-[0-9A-Za-z_-]{1,50}$' },
  },
} as const;

const ACTION_TITLE: Record<WechatActType, string> = {
  1: '微信扫码登录',
  2: '绑定微信',
  3: '解绑微信',
  4: '微信身份验证',
  5: '绑定微信',
  6: '解绑微信',
};

interface Choice {
  label: string;
  openId: string;
  grey?: boolean;
}

/**
 * The demo messaging-app provider's authorize page (demo mode only). The QR code of
 * /api/v1/auth/wechat/qr points here; choosing an identity stands for confirming on the phone, and the
 * page redirects to /checkPage?code=…&state=… exactly as the real provider would.
 * Pinned by tests/server/auth-wechat.test.ts.
 */
export default async function devWechatRoutes(app: FastifyInstance) {
  const html = (reply: import('fastify').FastifyReply, status: number, title: string, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(title, body));

  async function choicesFor(actType: WechatActType, userId: number | null): Promise<Choice[]> {
    const user = userId
      ? await app.db
          .selectFrom('appUser')
          .select(['account', 'realName', 'wechatOpenId'])
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined;
    const stranger = { label: '使用一个未绑定任何账号的微信', openId: strangerOpenId(), grey: true };
    if (actType === 1) {
      const bound = await app.db
        .selectFrom('appUser')
        .select(['account', 'realName', 'wechatOpenId'])
        .where('wechatOpenId', 'is not', null)
        .where('status', '=', 1)
        .orderBy('id')
        .limit(50)
        .execute();
      return [
        ...bound.map((u) => ({
          label: `以 ${u.realName}（${u.account}）的微信确认登录`,
          openId: u.wechatOpenId!,
        })),
        stranger,
      ];
    }
    if (!user) return [];
    if (BIND_ACTS.includes(actType)) {
      return [
        { label: `确认将微信绑定到 ${user.realName}（${user.account}）`, openId: demoOpenId(user.account) },
      ];
    }
    const own = user.wechatOpenId
      ? [
          {
            label: `以 ${user.realName}（${user.account}）已绑定的微信确认${UNBIND_ACTS.includes(actType) ? '解绑' : '验证'}`,
            openId: user.wechatOpenId,
          },
        ]
      : [];
    return [...own, stranger];
  }

  app.get<{ Querystring: { state: string } }>(
    '/dev/wechat/authorize',
    { schema: { querystring: stateQuery }, config: BROWSER_ROUTE },
    async (request, reply) => {
      const state = await findWechatState(app.db, request.query.state);
      if (!state) return html(reply, 400, '二维码已失效', '<p class="error">二维码已失效，请重新扫码</p>');
      const actType = state.actType as WechatActType;
      const choices = await choicesFor(actType, state.userId);
      const links = choices
        .map(
          (c) =>
            `<p><a class="btn${c.grey ? ' grey' : ''}" href="/dev/wechat/confirm?state=${encodeURIComponent(
              state.state,
            )}&amp;openId=${encodeURIComponent(c.openId)}">${escapeHtml(c.label)}</a></p>`,
        )
        .join('');
      const empty = actType === 1 ? '' : '<p class="tip">当前没有可用的微信身份。</p>';
      return html(
        reply,
        200,
        `${ACTION_TITLE[actType]}（演示）`,
        `<p class="tip">演示模式：这里代替手机上的微信确认页。选择一个微信身份即表示在手机上点了“确认”。</p>${
          links || empty
        }<p class="tip">未绑定微信的账号可先用密码登录，在个人中心绑定微信后再用微信扫码登录。</p>`,
      );
    },
  );

  app.get<{ Querystring: { state: string; openId: string } }>(
    '/dev/wechat/confirm',
    { schema: { querystring: confirmQuery }, config: BROWSER_ROUTE },
    async (request, reply) => {
      const state = await findWechatState(app.db, request.query.state);
      if (!state) return html(reply, 400, '二维码已失效', '<p class="error">二维码已失效，请重新扫码</p>');
      const code = await createDemoGrant(app.db, state.state, request.query.openId);
      const target = `/checkPage?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state.state)}`;
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
