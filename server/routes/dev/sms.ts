import type { FastifyInstance } from 'fastify';
import { devSms } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import { escapeHtml, page } from './html';

/**
 * Demo mode only (registered only then): the SMS outbox as a page (/dev/sms) and, for tests and e2e, the
 * latest code sent to a phone (GET /api/dev/sms?phone=). Pinned by tests/server/auth-sms.test.ts.
 */
export default async function devSmsRoutes(app: FastifyInstance) {
  app.get('/dev/sms', { config: BROWSER_ROUTE }, async (_request, reply) => {
    const rows = await app.db
      .selectFrom('smsOutbox')
      .select(['phone', 'text', 'createdAt'])
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    const body = rows.length
      ? `<table><thead><tr><th>时间</th><th>手机号</th><th>短信内容</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(new Date(r.createdAt).toLocaleString('zh-CN'))}</td><td>${escapeHtml(r.phone)}</td><td>${escapeHtml(r.text)}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="tip">暂无短信</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          '演示短信发件箱',
          `<p class="tip">演示模式：短信不会真正发出，最近 100 条显示在这里。</p>${body}`,
        ),
      );
  });

  contractRoute(
    app,
    devSms,
  )({
    config: { public: true },
    handler: async (request) => {
      const row = await app.db
        .selectFrom('smsOutbox')
        .select(['phone', 'text', 'createdAt'])
        .where('phone', '=', request.query.phone)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      return { ...row, code: /(\d{6})/.exec(row.text)?.[1] ?? '' };
    },
  });
}
