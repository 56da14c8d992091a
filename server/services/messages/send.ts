import type { Database } from '../../db/index';
import type { Sender } from './constants';
import { textLength } from './html';
import { checkRange, insertReceivers, type ReceiverInput, resolvePeople } from './receivers';
import { checkContent, checkTitle } from './validate';

/** Sends a broadcast (type 2) or department notice (type 3): validated, sanitised, resolved to people. */
export async function sendMessage(
  db: Database,
  sender: Sender,
  kind: 2 | 3,
  input: { title: string; content: string } & ReceiverInput,
): Promise<{ id: number; receiverCount: number }> {
  const title = checkTitle(input.title);
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
