import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/preferences';
import { contractRoute } from '../../http/contract-route';
import { readPreferences, savePreferences } from '../../services/preferences';

/**
 * The signed-in user's theme and language (issue 20 points 5 and 6): read at sign-in and when the
 * console loads, saved from the user menu. Per user, so any browser he signs in on shows them.
 * Pinned by tests/server/preferences.test.ts.
 */
export default async function preferenceRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    c.getPreferences,
  )({
    handler: (request) => readPreferences(app.db, request.auth!.userId),
  });

  contractRoute(
    app,
    c.savePreferences,
  )({
    handler: (request) => savePreferences(app.db, request.auth!.userId, request.body),
  });
}
