import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { ApiError } from '../../http/envelope';
import { MESSAGE_MSG } from './constants';
import { sanitizeRichText } from './html';

/** Reads of system notices for the admin page (SPEC 7.7): the list and one notice. */

/** The columns of a notice on the admin page, its read count counted now. */
const noticeColumns = [
  'm.id',
  'm.title',
  'm.content',
  'm.status',
  'm.createName',
  'm.createTime',
  'm.updateTime',
  'm.receiverCount',
  sql<number>`(select count(*)::int from im_message_receiver x where x.message_id = m.id and x.is_read)`.as(
    'readCount',
  ),
] as const;

/** The admin list of system notices (getMessageListForBackend), newest first. */
export async function listSystemNotices(
  db: Database,
  q: { title?: string; status?: number; pageNo: number; pageSize: number },
) {
  let base = db.selectFrom('imMessage as m').where('m.msgType', '=', 1);
  if (q.title) base = base.where('m.title', 'ilike', `%${q.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.status !== undefined) base = base.where('m.status', '=', q.status);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(noticeColumns)
    .orderBy('m.createTime', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  // Sanitised when stored; again when shown, so rows written before a rule change are safe too.
  const list = rows.map((r) => ({ ...r, content: sanitizeRichText(r.content) }));
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * One system notice for the admin page's detail drawer (getSystemNoticeById). Withdrawn notices are
 * found too: staff read them before publishing again. Content is sanitised again, as in the list.
 */
export async function getSystemNotice(db: Database, id: number) {
  const row = await db
    .selectFrom('imMessage as m')
    .select(noticeColumns)
    .where('m.id', '=', id)
    .where('m.msgType', '=', 1)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'E0404', MESSAGE_MSG.noticeNotFound);
  return { ...row, content: sanitizeRichText(row.content) };
}
