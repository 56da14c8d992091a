import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/messages';
import { contractRoute } from '../../http/contract-route';
import { listMessages, messageDetail } from '../../services/messages/inbox';
import { markTypeRead, typeSummaries, unreadCount, unreadTitles } from '../../services/messages/unread';

/**
 * The platform message centre of every signed-in user (SPEC 2.12, 7.7): lists received or sent,
 * the detail (opening a received message marks it read), unread count and titles for the header,
 * type summaries, and 'mark a type read'. Contracts: src/schema/contracts/messages.ts.
 * Pinned by tests/server/panels-messages.test.ts.
 */
export default async function inboxRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    c.messageList,
  )({ handler: (request) => listMessages(app.db, request.auth!.userId, request.query) });

  contractRoute(
    app,
    c.messageDetail,
  )({
    handler: (request) =>
      messageDetail(app.db, request.auth!.userId, request.query.msgId, request.query.msgModel),
  });

  contractRoute(app, c.unreadTitles)({ handler: (request) => unreadTitles(app.db, request.auth!.userId) });

  contractRoute(app, c.unreadCount)({ handler: (request) => unreadCount(app.db, request.auth!.userId) });

  // SPEC 2.12 names the summary fields, not the call: this path is ours (docs/decisions.md).
  contractRoute(app, c.typeSummaries)({ handler: (request) => typeSummaries(app.db, request.auth!.userId) });

  contractRoute(
    app,
    c.markRead,
  )({
    handler: async (request) => {
      // The contract declares no body: an older client's { msgType } is read leniently.
      const body: unknown = request.body;
      const fromBody = body && typeof body === 'object' ? (body as { msgType?: unknown }).msgType : undefined;
      const msgType =
        request.query.msgType ?? (Number.isInteger(fromBody) ? (fromBody as number) : undefined);
      return { count: await markTypeRead(app.db, request.auth!.userId, msgType) };
    },
  });
}
