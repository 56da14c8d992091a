import type { AnyDb } from '../resources/sql/db';

/** The message-centre type of approval notices (server/services/messages/constants.ts). */
export const APPROVAL_MESSAGE_TYPE = 4;

/** A system-written message of the message centre: who it is from and what range it names. */
export interface SystemNotice {
  msgType: number;
  /** Shown as the sender (审批中心, 系统提醒). */
  createName: string;
  receiveRange: string;
  userIds: number[];
  title: string;
  /** Plain text: escaped here, so nothing needs sanitising. */
  text: string;
  /** The page that handles it (前往处理), if any. */
  link?: string;
}

/**
 * Writes one message for the given users (the bell counts it) on the caller's connection or
 * transaction; returns its id, or undefined when nobody receives it.
 */
export async function writeSystemNotice(trx: AnyDb, notice: SystemNotice): Promise<number | undefined> {
  const { userIds, text, link } = notice;
  if (!userIds.length) return undefined;
  const content = `<p>${escape(text)}</p>${link ? `<p><a href="${escape(link)}">前往处理</a></p>` : ''}`;
  const row = await trx
    .insertInto('im_message')
    .values({
      msgType: notice.msgType,
      title: notice.title.slice(0, 50),
      content,
      contentLength: text.length,
      senderId: null,
      createName: notice.createName,
      senderOrgId: null,
      orgList: '[]',
      roleList: '[]',
      userList: '[]',
      receiveRange: notice.receiveRange,
      receiverCount: userIds.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('im_message_receiver')
    .values(userIds.map((userId) => ({ messageId: row.id, userId })))
    .execute();
  return Number(row.id);
}

/**
 * A notice in the message centre (the bell counts it) for the given users, in the deciding call's
 * transaction: a task that exists has its notice, a rolled-back decision has none. Plain text, so
 * nothing needs sanitising; the link opens the page that handles it.
 */
export async function notify(
  trx: AnyDb,
  userIds: number[],
  title: string,
  text: string,
  link: string,
): Promise<void> {
  await writeSystemNotice(trx, {
    msgType: APPROVAL_MESSAGE_TYPE,
    createName: '审批中心',
    receiveRange: '审批相关人员',
    userIds,
    title,
    text,
    link,
  });
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
