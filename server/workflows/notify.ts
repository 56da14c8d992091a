import type { AnyDb } from '../resources/sql/db';

/** The message-centre type of approval notices (server/services/messages/constants.ts). */
export const APPROVAL_MESSAGE_TYPE = 4;

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
  if (!userIds.length) return;
  const content = `<p>${escape(text)}</p><p><a href="${escape(link)}">前往处理</a></p>`;
  const row = await trx
    .insertInto('im_message')
    .values({
      msgType: APPROVAL_MESSAGE_TYPE,
      title: title.slice(0, 50),
      content,
      contentLength: text.length,
      senderId: null,
      createName: '审批中心',
      senderOrgId: null,
      orgList: '[]',
      roleList: '[]',
      userList: '[]',
      receiveRange: '审批相关人员',
      receiverCount: userIds.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('im_message_receiver')
    .values(userIds.map((userId) => ({ messageId: row.id, userId })))
    .execute();
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
