import type { FastifyInstance } from 'fastify';
import { sendDept, sendRadio } from '../../../src/schema/contracts/messages';
import { contractRoute } from '../../http/contract-route';
import { sendMessage } from '../../services/messages/send';
import { senderOf } from './sender';

/** Permission codes of the two send actions (SPEC 6); the browser only hides the buttons. */
export const RADIO_PERMISSION = 'platformMsg:saveRadioMessage';
export const DEPT_PERMISSION = 'platformMsg:saveDeptMessage';

/**
 * SPEC 2.12, 5, 6: send a broadcast (organisations, roles, users) or a department notice
 * (organisations and users of the sender's own organisations). Every limit of SPEC 5 is checked here,
 * whatever the browser did. Pinned by tests/server/panels-messages.test.ts.
 */
export default async function sendRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    sendRadio,
  )({
    config: { permission: RADIO_PERMISSION },
    handler: async (request) => sendMessage(app.db, await senderOf(app.db, request), 2, request.body),
  });

  contractRoute(
    app,
    sendDept,
  )({
    config: { permission: DEPT_PERMISSION },
    // roleList is empty by the contract (maxItems 0): a department notice reaches no roles.
    handler: async (request) => {
      const { title, content, orgList, userList } = request.body;
      return sendMessage(app.db, await senderOf(app.db, request), 3, { title, content, orgList, userList });
    },
  });
}
