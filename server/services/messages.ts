import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { richTextToText, sanitizeRichText, textLength } from './messages-html';
import {
  checkRange,
  everyone,
  type ReceiverInput,
  type ResolvedRange,
  resolvePeople,
} from './messages-receivers';

/** SPEC 7.7 message types: the panel's type summaries and the list filter (docs/decisions.md). */
export const MESSAGE_TYPES = [
  { type: 1, typeName: '系统公告' },
  { type: 2, typeName: '广播消息' },
  { type: 3, typeName: '部门通知' },
] as const;
export type MessageType = 1 | 2 | 3;
export const typeName = (type: number) => MESSAGE_TYPES.find((t) => t.type === type)?.typeName ?? '';

/** SPEC 5 send-notice limits (SPEC 9). */
export const SEND_LIMITS = { title: 50, content: 2000, orgs: 50, roles: 10, users: 20 } as const;

export const MESSAGE_MSG = {
  title: '请输入标题',
  titleMax: '标题不能超过50个字',
  content: '请输入内容不超过2000字',
  orgsMax: '最多选择50个组织机构',
  rolesMax: '最多选择10个角色',
  usersMax: '最多选择20个用户',
  notFound: '消息不存在',
} as const;

export interface Sender {
  userId: number;
  realName: string;
  orgId: number | null;
}

/** Sanitised content and its text, refused when empty or over 2000 characters of text (SPEC 5). */
export function checkContent(html: string): { html: string; text: string } {
  const clean = sanitizeRichText(html);
  const text = richTextToText(clean);
  const length = textLength(text);
  if (text.trim() === '' || length > SEND_LIMITS.content) throw ApiError.badRequest(MESSAGE_MSG.content);
  return { html: clean, text };
}

/** Batches of receiver rows: far below PostgreSQL's bind-parameter limit. */
const BATCH = 1000;

async function insertReceivers(db: Database, messageId: number, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db
      .insertInto('imMessageReceiver')
      .values(userIds.slice(i, i + BATCH).map((userId) => ({ messageId, userId })))
      .execute();
  }
}

/** Sends a broadcast (type 2) or department notice (type 3): validated, sanitised, resolved to people. */
export async function sendMessage(
  db: Database,
  sender: Sender,
  kind: 2 | 3,
  input: { title: string; content: string } & ReceiverInput,
): Promise<{ id: number; receiverCount: number }> {
  const title = input.title.trim();
  if (title === '') throw ApiError.badRequest(MESSAGE_MSG.title);
  const { html, text } = checkContent(input.content);
  // A department notice carries no roles (SPEC 6), whatever the client sends.
  const range = await checkRange(
    db,
    kind === 3 ? { orgList: input.orgList, userList: input.userList } : input,
    kind === 3 ? { senderId: sender.userId } : null,
  );
  return db.transaction().execute(async (trx) => {
    const people = await resolvePeople(trx, range, sender.userId);
    const row = await trx
      .insertInto('imMessage')
      .values({
        msgType: kind,
        title,
        content: html,
        contentLength: textLength(text),
        senderId: sender.userId,
        createName: sender.realName,
        senderOrgId: sender.orgId,
        orgList: JSON.stringify(range.orgs),
        roleList: JSON.stringify(range.roles),
        userList: JSON.stringify(range.users),
        receiveRange: range.summary,
        receiverCount: people.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertReceivers(trx, row.id, people);
    return { id: row.id, receiverCount: people.length };
  });
}

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
        fromToType: 1,
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
      fromToType: 2,
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
    ...(msgModel === 2 ? { orgList: m.orgList, roleList: m.roleList, userList: m.userList } : {}),
  };
}

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

// ---- system notices (admin, SPEC 7.7) ------------------------------------------------------------

/** noticeLogAction values of im_notice_log. */
export const NOTICE_ACTION = { add: 1, edit: 2, publish: 3, withdraw: 4 } as const;

async function logNotice(db: Database, messageId: number, action: number, operator: Sender): Promise<void> {
  const m = await db
    .selectFrom('imMessage')
    .select(['title', 'content', 'status'])
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('imNoticeLog')
    .values({
      messageId,
      action,
      title: m.title,
      content: m.content,
      status: m.status,
      operatorId: operator.userId,
      operatorName: operator.realName,
    })
    .execute();
}

/** A system notice reaches every opened account; published at once unless status 0 is asked. */
export async function addSystemNotice(
  db: Database,
  operator: Sender,
  input: { title: string; content: string; status?: number },
) {
  const title = input.title.trim();
  if (title === '') throw ApiError.badRequest(MESSAGE_MSG.title);
  const { html, text } = checkContent(input.content);
  return db.transaction().execute(async (trx) => {
    const people = await everyone(trx);
    const row = await trx
      .insertInto('imMessage')
      .values({
        msgType: 1,
        title,
        content: html,
        contentLength: textLength(text),
        status: input.status ?? 1,
        senderId: operator.userId,
        createName: operator.realName,
        senderOrgId: operator.orgId,
        receiveRange: '全部用户',
        receiverCount: people.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertReceivers(trx, row.id, people);
    await logNotice(trx, row.id, NOTICE_ACTION.add, operator);
    return { id: row.id };
  });
}

async function noticeOrFail(db: Database, id: number) {
  const m = await db
    .selectFrom('imMessage')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('msgType', '=', 1)
    .executeTakeFirst();
  if (!m) throw new ApiError(404, 'E0404', '公告不存在');
  return m;
}

export async function updateSystemNotice(
  db: Database,
  operator: Sender,
  input: { id: number; title: string; content: string },
) {
  const title = input.title.trim();
  if (title === '') throw ApiError.badRequest(MESSAGE_MSG.title);
  const { html, text } = checkContent(input.content);
  return db.transaction().execute(async (trx) => {
    await noticeOrFail(trx, input.id);
    await trx
      .updateTable('imMessage')
      .set({ title, content: html, contentLength: textLength(text), updateTime: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    await logNotice(trx, input.id, NOTICE_ACTION.edit, operator);
    return { id: input.id };
  });
}

/** Publishes (1) or withdraws (0) a system notice; the same status again is a 409. */
export async function setNoticeStatus(db: Database, operator: Sender, id: number, status: 0 | 1) {
  return db.transaction().execute(async (trx) => {
    const m = await noticeOrFail(trx, id);
    if (m.status === status) throw ApiError.conflict(status === 1 ? '公告已发布' : '公告已撤回');
    await trx
      .updateTable('imMessage')
      .set({ status, updateTime: sql`now()` })
      .where('id', '=', id)
      .execute();
    await logNotice(trx, id, status === 1 ? NOTICE_ACTION.publish : NOTICE_ACTION.withdraw, operator);
    return { id, status };
  });
}

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
    .select([
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
    ])
    .orderBy('m.createTime', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  // Sanitised when stored; again when shown, so rows written before a rule change are safe too.
  const list = rows.map((r) => ({ ...r, content: sanitizeRichText(r.content) }));
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

export type { ResolvedRange };
