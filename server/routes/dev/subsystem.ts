import type { FastifyInstance } from 'fastify';
import { AUTH_CODE_TARGETS, issueAuthCode, redeemAuthCode } from '../../services/authcode';
import { FRESH_SYSTEM_ID } from '../../services/profile';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import { escapeHtml, page } from './html';

/**
 * GET /dev/subsystem/:systemId?authCode=… (demo mode only): stands in for subsystems 100, 200 and 301.
 * It redeems the auth code on the server, as a real subsystem would, says who arrived, and offers the
 * way back with a fresh code for this console (/checkPage?authCode=…, accountType 4).
 */
export default async function devSubsystemRoutes(app: FastifyInstance) {
  app.get<{ Params: { systemId: string }; Querystring: { authCode?: string } }>(
    '/dev/subsystem/:systemId',
    { config: BROWSER_ROUTE },
    async (request, reply) => {
      const html = (status: number, title: string, body: string) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(title, body));
      const systemId = Number(request.params.systemId);
      const system = (AUTH_CODE_TARGETS as readonly number[]).includes(systemId)
        ? await app.db
            .selectFrom('subsystem')
            .select('systemName')
            .where('systemId', '=', systemId)
            .executeTakeFirst()
        : undefined;
      if (!system) return html(404, '子系统不存在', '<p class="error">出错了，请求地址不存在</p>');
      const code = request.query.authCode ?? '';
      const userId = code && code.length <= 128 ? await redeemAuthCode(app.db, code, systemId) : undefined;
      const user = userId
        ? await app.db
            .selectFrom('appUser')
            .leftJoin('org', 'org.id', 'appUser.orgId')
            .select(['appUser.id', 'appUser.account', 'appUser.realName', 'org.name as orgName'])
            .where('appUser.id', '=', userId)
            .where('appUser.status', '=', 1)
            .executeTakeFirst()
        : undefined;
      const title = `${system.systemName}（演示）`;
      if (!user) {
        return html(
          400,
          title,
          '<p class="error">授权码无效或已过期，请回到生鲜系统重新选择子系统。</p><a class="btn grey" href="/chooseProject">返回选择系统</a>',
        );
      }
      const back = await issueAuthCode(app.db, user.id, FRESH_SYSTEM_ID);
      return html(
        200,
        title,
        `<p>欢迎，${escapeHtml(user.realName)}（${escapeHtml(user.account)}）已通过授权码进入${escapeHtml(system.systemName)}。</p>
<p class="tip">所属机构：${escapeHtml(user.orgName ?? '')}；到达时间：${escapeHtml(new Date().toLocaleString('zh-CN'))}。授权码已使用，不能再次使用。</p>
<a class="btn" href="/checkPage?authCode=${encodeURIComponent(back)}">返回生鲜系统</a>`,
      );
    },
  );
}
