import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/messages';
import { contractRoute } from '../../http/contract-route';
import {
  findPermissions,
  orgTree,
  pickRoles,
  pickUsers,
  roleOrgAttributes,
} from '../../services/messages/pickers';
import { permissionKeys } from '../../services/session';
import { DEPT_PERMISSION, RADIO_PERMISSION } from './send';

/**
 * Receiver pickers of the send dialogs (SPEC 6): organisation tree, roles (broadcast only), users.
 * Our paths under the message prefix (docs/decisions.md). Pinned by tests/server/panels-messages.test.ts.
 */
export default async function pickerRoutes(app: FastifyInstance) {
  const both = { permission: [RADIO_PERMISSION, DEPT_PERMISSION] };

  // A sender with only the department permission always gets the department view.
  const deptOf = (request: { auth: { userId: number } | null }, s: 'radio' | 'dept', held: boolean) =>
    s === 'dept' || !held ? { senderId: request.auth!.userId } : null;

  // What the sender holds in the organisation he works in (roles per organisation, services/roles.ts).
  const holdsRadio = async (auth: { userId: number; orgId: number | null }) =>
    (await permissionKeys(app.db, auth.userId, auth.orgId)).has(RADIO_PERMISSION);

  contractRoute(
    app,
    c.receiverOrgTree,
  )({
    config: both,
    handler: async (request) => {
      const held = await holdsRadio(request.auth!);
      return orgTree(app.db, deptOf(request, request.query.scope, held));
    },
  });

  contractRoute(
    app,
    c.roleList,
  )({
    // Reads sent by POST: neither idempotent nor operations to log.
    config: { permission: RADIO_PERMISSION, idempotent: false },
    handler: (request) => pickRoles(app.db, { pageNo: 1, pageSize: 20, ...(request.body ?? {}) }),
  });

  contractRoute(
    app,
    c.roleOrgAttributes,
  )({ config: { permission: RADIO_PERMISSION }, handler: () => roleOrgAttributes(app.db) });

  contractRoute(
    app,
    c.permissionSearch,
  )({
    config: { permission: RADIO_PERMISSION },
    handler: (request) => findPermissions(app.db, request.query.str ?? ''),
  });

  contractRoute(
    app,
    c.userList,
  )({
    config: { ...both, idempotent: false },
    handler: async (request) => {
      const { scope: s = 'radio', ...query } = request.body ?? {};
      const held = await holdsRadio(request.auth!);
      return pickUsers(app.db, { pageNo: 1, pageSize: 20, ...query }, deptOf(request, s, held));
    },
  });
}
