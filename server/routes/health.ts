import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { health } from '../../src/schema/contracts/session';
import { contractRoute } from '../http/contract-route';

/**
 * GET /api/health: liveness and a database round trip. Unsigned so probes need no secret; what runs
 * underneath (database engine, demo mode) is told only to a signed-in caller, never to anyone who asks.
 */
export default async function healthRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    health,
  )({
    config: { unsigned: true, public: true },
    handler: async (request) => {
      await sql`select 1`.execute(app.db);
      if (!request.auth) return { status: 'up' };
      return {
        status: 'up',
        database: app.config.databaseUrl ? 'postgres' : 'pglite',
        demo: app.config.demo,
      };
    },
  });
}
