import type { FastifyInstance } from 'fastify';
import { homeSummary as contract } from '../../../src/schema/contracts/home';
import { ApiError, MSG } from '../../http/envelope';
import { contractRoute } from '../../http/contract-route';
import type { Engine } from '../../resources/context';
import { permissionKeys } from '../../services/session';
import { homeSummary } from './summary';

/**
 * GET /api/v1/home/summary?home=<name>: the counters of schemas/home/<name>.json for the signed-in
 * user (the home pages of both sub-apps). Any signed-in user may call it; each counter is included
 * only when the user holds its permission, and counts rows within his store and warehouse scope.
 * Registered by the resource plugin, whose catalog it reads. Pinned by tests/server/home-summary.test.ts.
 */
export function registerHome(app: FastifyInstance, engine: Engine) {
  contractRoute(
    app,
    contract,
  )({
    handler: async (request) => {
      const home = engine.catalog.homes.get(request.query.home ?? 'admin');
      if (!home) throw new ApiError(404, 'E0404', MSG.notFound);
      const { userId, orgId } = request.auth!;
      const held = await permissionKeys(app.db, userId, orgId);
      return homeSummary(app.db, engine.catalog, home, { userId, orgId }, held);
    },
  });
}
