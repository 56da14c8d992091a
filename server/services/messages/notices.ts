import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { ApiError } from '../../http/envelope';
import { MESSAGE_MSG, type Sender } from './constants';
import { textLength } from './html';
import { everyone, insertReceivers } from './receivers';
import { checkContent, checkTitle } from './validate';

/** Writes of system notices (admin, SPEC 7.7): add, edit, publish/withdraw, each in the setting log. */

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
  const title = checkTitle(input.title);
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
  if (!m) throw new ApiError(404, 'E0404', MESSAGE_MSG.noticeNotFound);
  return m;
}

export async function updateSystemNotice(
  db: Database,
  operator: Sender,
  input: { id: number; title: string; content: string },
) {
  const title = checkTitle(input.title);
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
