import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { sendMessage } from '../../services/messages/send';
import type { ReceiverInput } from '../../services/messages/receivers';
import { MSG_BASE } from './inbox';
import { deptBody, radioBody } from './schemas';
import { senderOf } from './sender';

type SendBody = { title: string; content: string } & ReceiverInput;

/** Permission codes of the two send actions (SPEC 6); the browser only hides the buttons. */
export const RADIO_PERMISSION = 'platformMsg:saveRadioMessage';
export const DEPT_PERMISSION = 'platformMsg:saveDeptMessage';

/**
 * SPEC 2.12, 5, 6: send a broadcast (organisations, roles, users) or a department notice
 * (organisations and users of the sender's own organisations). Every limit of SPEC 5 is checked here,
 * whatever the browser did. Pinned by tests/server/panels-messages.test.ts.
 */
export default async function sendRoutes(app: FastifyInstance) {
  app.post<{ Body: SendBody }>(
    `${MSG_BASE}/saveRadioMessage`,
    { schema: { body: radioBody }, config: { permission: RADIO_PERMISSION } },
    async (request) => ok(await sendMessage(app.db, await senderOf(app.db, request), 2, request.body)),
  );

  app.post<{ Body: SendBody }>(
    `${MSG_BASE}/saveDeptMessage`,
    { schema: { body: deptBody }, config: { permission: DEPT_PERMISSION } },
    async (request) => ok(await sendMessage(app.db, await senderOf(app.db, request), 3, request.body)),
  );
}
