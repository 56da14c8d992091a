import type { FastifyInstance } from 'fastify';
import { authCode } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { issueAuthCode } from '../../services/authcode';
import { assertSecurityStepsDone } from '../../services/profile-checks';

/**
 * POST /api/v1/auth/authCode (SPEC 2.3): a fresh single-use code (5 minutes) to open subsystem 100, 200 or
 * 301 as the signed-in user, with the address to open. Pinned by tests/server/auth-org.test.ts.
 */
export default async function authCodeRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    authCode,
  )({
    handler: async (request) => {
      const auth = request.auth!;
      await assertSecurityStepsDone(app.db, auth);
      const { systemId } = request.body;
      const target = await app.db
        .selectFrom('subsystem')
        .select('systemUrl')
        .where('systemId', '=', systemId)
        .executeTakeFirst();
      const code = await issueAuthCode(app.db, auth.userId, systemId);
      return { authCode: code, systemUrl: target?.systemUrl ?? '' };
    },
  });
}
