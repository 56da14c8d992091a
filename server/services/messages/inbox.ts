import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { ApiError } from '../../http/envelope';
import { MESSAGE_MSG, typeName } from './constants';
import { richTextToText } from './html';
import type { ResolvedRange } from './receivers';

/** The panel's list and detail of the signed-in user's messages (SPEC 2.12). */

export interface ListQuery {
  type?: number;
  fromToType: 1 | 2;
  pageNo: number;
  pageSize: number;
}

const summaryText = (html: string) => {
  const text = richTextToText(html).replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return chars.length > 100 ? `${chars.slice(0, 100).join('')}…` : text;
};

/** The panel's list: messages received by me (1, published only) or sent by me (2), newest first. */
export async function listMessages(db: Database, userId: number, q: ListQuery) {
  const offset = (q.pageNo - 1) * q.pageSize;
  if (q.fromToType === 1) {
    let base = db
      .selectFrom('imMessageReceiver as r')
      .innerJoin('imMessage as m', 'm.id', 'r.messageId')
      .where('r.userId', '=', userId)
      .where('m.status', '=', 1);
    if (q.type) base = base.where('m.msgType', '=', q.type);
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        'm.id',
        'm.msgType',
        'm.title',
        'm.content',
        'm.createName',
        'm.createTime',
        'm.receiveRange',
        'r.isRead',
      ])
      .orderBy('m.createTime', 'desc')
      .orderBy('m.id', 'desc')
      .limit(q.pageSize)
      .offset(offset)
      .execute();
    return {
      list: rows.map(({ content, ...r }) => ({
        ...r,
        typeName: typeName(r.msgType),
        summary: summaryText(content),
        fromToType: 1 as const,
      })),
      total,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }
  let base = db.selectFrom('imMessage as m').where('m.senderId', '=', userId);
  if (q.type) base = base.where('m.msgType', '=', q.type);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'm.id',
      'm.msgType',
      'm.title',
      'm.content',
      'm.createName',
      'm.createTime',
      'm.receiveRange',
      'm.receiverCount',
      sql<number>`(select count(*)::int from im_message_receiver x where x.message_id = m.id and x.is_read)`.as(
        'readCount',
      ),
    ])
    .orderBy('m.createTime', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.pageSize)
    .offset(offset)
    .execute();
  return {
    list: rows.map(({ content, ...r }) => ({
      ...r,
      typeName: typeName(r.msgType),
      summary: summaryText(content),
      // What the sender sent is read by definition; the read count says how many receivers opened it.
      isRead: true,
      fromToType: 2 as const,
    })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * One message. msgModel 1 (received): only a receiver sees it, and opening marks it read.
 * msgModel 2 (sent): only the sender sees it, with the receivers as chosen.
 */
export async function messageDetail(db: Database, userId: number, msgId: number, msgModel: 1 | 2) {
  const m = await db.selectFrom('imMessage').selectAll().where('id', '=', msgId).executeTakeFirst();
  if (!m) throw new ApiError(404, 'E0404', MESSAGE_MSG.notFound);
  let isRead = true;
  if (msgModel === 1) {
    // A withdrawn notice is gone for its receivers.
    if (m.status !== 1) throw new ApiError(404, 'E0404', MESSAGE_MSG.notFound);
    const mine = await db
      .updateTable('imMessageReceiver')
      .set({ isRead: true, readTime: sql`coalesce(read_time, now())` })
      .where('messageId', '=', msgId)
      .where('userId', '=', userId)
      .returning('isRead')
      .executeTakeFirst();
    if (!mine) throw new ApiError(404, 'E0404', MESSAGE_MSG.notFound);
    isRead = mine.isRead;
  } else if (m.senderId !== userId) {
    throw new ApiError(404, 'E0404', MESSAGE_MSG.notFound);
  }
  return {
    id: m.id,
    msgType: m.msgType,
    typeName: typeName(m.msgType),
    title: m.title,
    content: m.content,
    createName: m.createName,
    createTime: m.createTime,
    isRead,
    receiveRange: m.receiveRange,
    receiverCount: m.receiverCount,
    fromToType: msgModel,
    // The range as resolved when sent (services/messages/send.ts writes ResolvedRange's lists).
    ...(msgModel === 2
      ? {
          orgList: m.orgList as ResolvedRange['orgs'],
          roleList: m.roleList as ResolvedRange['roles'],
          userList: m.userList as ResolvedRange['users'],
        }
      : {}),
  };
}
