import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/messages';
import { contractRoute } from '../../http/contract-route';
import { getSystemNotice, listSystemNotices } from '../../services/messages/notice-list';
import { addSystemNotice, setNoticeStatus, updateSystemNotice } from '../../services/messages/notices';
import { senderOf } from './sender';

/** The admin page of system notices (schemas/menu). */
export const NOTICE_PAGE = '/admin/msg/systemNoticeList';

/**
 * System notices (SPEC 7.7): the admin list, one notice (the page's detail drawer), add, edit, publish/withdraw. Each write leaves a row in
 * the setting log (im_notice_log, listed by schemas/resources/systemNoticeLog.json).
 * Pinned by tests/server/panels-messages.test.ts.
 */
export default async function noticeRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    c.noticeList,
  )({ config: { permission: NOTICE_PAGE }, handler: (request) => listSystemNotices(app.db, request.query) });

  // Same permission as the list: whoever may list the notices may read one (content sanitised again).
  contractRoute(
    app,
    c.noticeDetail,
  )({ config: { permission: NOTICE_PAGE }, handler: (request) => getSystemNotice(app.db, request.query.id) });

  contractRoute(
    app,
    c.noticeAdd,
  )({
    config: { permission: 'systemNotice:add' },
    handler: async (request) => addSystemNotice(app.db, await senderOf(app.db, request), request.body),
  });

  contractRoute(
    app,
    c.noticeUpdate,
  )({
    config: { permission: 'systemNotice:edit' },
    handler: async (request) => updateSystemNotice(app.db, await senderOf(app.db, request), request.body),
  });

  contractRoute(
    app,
    c.noticeStatusSet,
  )({
    config: { permission: 'systemNotice:edit' },
    handler: async (request) =>
      setNoticeStatus(app.db, await senderOf(app.db, request), request.body.id, request.body.status),
  });
}
