import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { MESSAGE_TYPES } from './constants';

/** What the header shows of unread messages (bell, marquee) and the panel's type summaries. */

/** Unread messages of the user that are still published. */
function unread(db: Database, userId: number) {
  return db
    .selectFrom('imMessageReceiver as r')
    .innerJoin('imMessage as m', 'm.id', 'r.messageId')
    .where('r.userId', '=', userId)
    .where('r.isRead', '=', false)
    .where('m.status', '=', 1);
}

export async function unreadCount(db: Database, userId: number): Promise<number> {
  const row = await unread(db, userId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The header marquee: the newest unread titles. */
export async function unreadTitles(db: Database, userId: number, limit = 20) {
  return unread(db, userId)
    .select(['m.id', 'm.msgType', 'm.title', 'm.createTime'])
    .orderBy('m.createTime', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** SPEC 2.12 type summaries of received messages: every type, with its newest title and unread count. */
export async function typeSummaries(db: Database, userId: number) {
  const { rows } = await sql<{ msgType: number; notReadCount: number; lastTitle: string | null }>`
    select m.msg_type as "msgType",
      count(*) filter (where not r.is_read)::int as "notReadCount",
      (array_agg(m.title order by m.create_time desc, m.id desc))[1] as "lastTitle"
    from im_message_receiver r join im_message m on m.id = r.message_id
    where r.user_id = ${userId} and m.status = 1
    group by m.msg_type`.execute(db);
  const byType = new Map(rows.map((r) => [r.msgType, r]));
  return MESSAGE_TYPES.map((t) => ({
    type: t.type,
    typeName: t.typeName,
    lastTitle: byType.get(t.type)?.lastTitle ?? '',
    notReadCount: byType.get(t.type)?.notReadCount ?? 0,
  }));
}

/** Marks every unread message of a type (or of all types) read; answers how many changed. */
export async function markTypeRead(db: Database, userId: number, msgType: number | undefined) {
  let q = db
    .updateTable('imMessageReceiver')
    .set({ isRead: true, readTime: sql`now()` })
    .where('userId', '=', userId)
    .where('isRead', '=', false);
  if (msgType)
    q = q.where('messageId', 'in', db.selectFrom('imMessage').select('id').where('msgType', '=', msgType));
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
