import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { listMessages, messageDetail } from '../../services/messages/inbox';
import { markTypeRead, typeSummaries, unreadCount, unreadTitles } from '../../services/messages/unread';
import { detailQuery, frontendListQuery, readQuery } from './schemas';

export const MSG_BASE = '/api/v1/msg/im/message';

/**
 * The platform message centre of every signed-in user (SPEC 2.12, 7.7): lists received or sent,
 * the detail (opening a received message marks it read), unread count and titles for the header,
 * type summaries, and 'mark a type read'. Pinned by tests/server/panels-messages.test.ts.
 */
export default async function inboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { type?: number; fromToType: 1 | 2; pageNo: number; pageSize: number } }>(
    `${MSG_BASE}/getMessageListForFrontend`,
    { schema: { querystring: frontendListQuery } },
    async (request) => ok(await listMessages(app.db, request.auth!.userId, request.query)),
  );

  app.get<{ Querystring: { msgId: number; msgModel: 1 | 2 } }>(
    `${MSG_BASE}/getImMessageById`,
    { schema: { querystring: detailQuery } },
    async (request) =>
      ok(await messageDetail(app.db, request.auth!.userId, request.query.msgId, request.query.msgModel)),
  );

  app.get(`${MSG_BASE}/getImMessageTitleList`, async (request) =>
    ok(await unreadTitles(app.db, request.auth!.userId)),
  );

  app.get(`${MSG_BASE}/getNotReadMessageCount`, async (request) =>
    ok(await unreadCount(app.db, request.auth!.userId)),
  );

  // SPEC 2.12 names the summary fields, not the call: this path is ours (docs/decisions.md).
  app.get(`${MSG_BASE}/getMessageTypeList`, async (request) =>
    ok(await typeSummaries(app.db, request.auth!.userId)),
  );

  app.put<{ Querystring: { msgType?: number }; Body: { msgType?: number } | null }>(
    `${MSG_BASE}/updateImMessageIsRead`,
    { schema: { querystring: readQuery } },
    async (request) => {
      const fromBody = request.body && typeof request.body === 'object' ? request.body.msgType : undefined;
      const msgType = request.query.msgType ?? (Number.isInteger(fromBody) ? fromBody : undefined);
      return ok({ count: await markTypeRead(app.db, request.auth!.userId, msgType) });
    },
  );
}
