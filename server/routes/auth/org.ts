import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/org';
import { contractRoute } from '../../http/contract-route';
import { chooseStore, userInfo } from '../../../src/schema/contracts/session';
import { ApiError } from '../../http/envelope';
import { buildProfile, FRESH_SYSTEM_ID, orgRefs } from '../../services/profile';
import { assertSecurityStepsDone } from '../../services/profile-checks';
import { forgetSessions } from '../../services/session';

/**
 * Subsystem and store choice (SPEC 2.3, 2.4, 3): the subsystem tiles, the user's organisations, the
 * choice itself (kept on the server-side session) and the profile the route guard recovers.
 * Pinned by tests/server/auth-org.test.ts.
 */
export default async function orgRoutes(app: FastifyInstance) {
  // Reads sent by POST: neither idempotent nor operations to log (issue 20.2).
  const read = { idempotent: false };
  contractRoute(
    app,
    c.subsystemList,
  )({
    config: read,
    handler: async (request) => {
      const [subsystems, orgs] = await Promise.all([
        app.db
          .selectFrom('subsystem')
          .select(['systemId', 'systemName', 'systemUrl'])
          .orderBy('sort')
          .orderBy('systemId')
          .execute(),
        orgRefs(app.db, request.auth!.userId),
      ]);
      // Organisations are not split by subsystem in this console: every tile lists what the user holds.
      return subsystems.map((s) => ({ ...s, orgRefInfoList: orgs }));
    },
  });

  contractRoute(
    app,
    c.orgList,
  )({ config: read, handler: (request) => orgRefs(app.db, request.auth!.userId) });

  contractRoute(
    app,
    chooseStore,
  )({
    handler: async (request) => {
      const auth = request.auth!;
      await assertSecurityStepsDone(app.db, auth);
      const { orgId, refObjType } = request.body;
      const [org] = await orgRefs(app.db, auth.userId, orgId);
      // Only organisations the user holds, and of the type the page claims.
      if (!org || (refObjType !== undefined && org.refObjType !== refObjType)) throw ApiError.forbidden();
      await app.db
        .updateTable('session')
        .set({ systemId: FRESH_SYSTEM_ID, orgId })
        .where('id', '=', auth.sessionId)
        .execute();
      forgetSessions();
      return buildProfile(app.db, auth.userId, orgId);
    },
  });

  contractRoute(
    app,
    userInfo,
  )({
    config: read,
    handler: (request) => buildProfile(app.db, request.auth!.userId, request.auth!.orgId),
  });
}
