import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { getSystemNotice, listSystemNotices } from '../../services/messages/notice-list';
import { addSystemNotice, setNoticeStatus, updateSystemNotice } from '../../services/messages/notices';
import { MSG_BASE } from './inbox';
import {
  backendListQuery,
  noticeAddBody,
  noticeDetailQuery,
  noticeStatusBody,
  noticeUpdateBody,
} from './schemas';
import { senderOf } from './sender';

/** The admin page of system notices (schemas/menu). */
export const NOTICE_PAGE = '/admin/msg/systemNoticeList';

/**
 * System notices (SPEC 7.7): the admin list, one notice (the page's detail drawer), add, edit, publish/withdraw. Each write leaves a row in
 * the setting log (im_notice_log, listed by schemas/resources/systemNoticeLog.json).
 * Pinned by tests/server/panels-messages.test.ts.
 */
export default async function noticeRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { title?: string; status?: number; pageNo: number; pageSize: number } }>(
    `${MSG_BASE}/getMessageListForBackend`,
    { schema: { querystring: backendListQuery }, config: { permission: NOTICE_PAGE } },
    async (request) => ok(await listSystemNotices(app.db, request.query)),
  );

  // Same permission as the list: whoever may list the notices may read one (content sanitised again).
  app.get<{ Querystring: { id: number } }>(
    `${MSG_BASE}/getSystemNoticeDetail`,
    { schema: { querystring: noticeDetailQuery }, config: { permission: NOTICE_PAGE } },
    async (request) => ok(await getSystemNotice(app.db, request.query.id)),
  );

  app.post<{ Body: { title: string; content: string; status?: number } }>(
    `${MSG_BASE}/addSystemNotice`,
    { schema: { body: noticeAddBody }, config: { permission: 'systemNotice:add' } },
    async (request) => ok(await addSystemNotice(app.db, await senderOf(app.db, request), request.body)),
  );

  app.put<{ Body: { id: number; title: string; content: string } }>(
    `${MSG_BASE}/updateSystemNotice`,
    { schema: { body: noticeUpdateBody }, config: { permission: 'systemNotice:edit' } },
    async (request) => ok(await updateSystemNotice(app.db, await senderOf(app.db, request), request.body)),
  );

  app.put<{ Body: { id: number; status: 0 | 1 } }>(
    `${MSG_BASE}/updateStatus`,
    { schema: { body: noticeStatusBody }, config: { permission: 'systemNotice:edit' } },
    async (request) =>
      ok(
        await setNoticeStatus(app.db, await senderOf(app.db, request), request.body.id, request.body.status),
      ),
  );
}
