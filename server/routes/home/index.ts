import type { FastifyInstance } from 'fastify';
import { homeSummary as contract } from '../../../src/schema/contracts/home';
import { contractRoute } from '../../http/contract-route';
import { permissionKeys } from '../../services/session';
import { homeSummary } from './summary';

/**
 * GET /api/v1/home/summary: what waits for the signed-in user (the home pages of both sub-apps).
 * Any signed-in user may call it; each count is included only when the user holds its permission.
 * Pinned by tests/server/home-summary.test.ts.
 */
export default async function homeRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    contract,
  )({
    handler: async (request) => {
      const held = await permissionKeys(app.db, request.auth!.userId, request.auth!.orgId);
      return homeSummary(app.db, held);
    },
  });
}
