import type { FastifyInstance } from 'fastify';
import { legacyLogin } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { LOGIN_RATE } from './login';
import { checkAccountPassword, startSession } from './sign-in';

/**
 * POST /api/v1/user03/login (SPEC 7.1): the older account login, same rules as accountType 1: the password
 * travels RSA-OAEP encrypted, with the same lockout and the same single session per account and app.
 */
export default async function legacyLoginRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    legacyLogin,
  )({
    config: { public: true, signIn: true, rateLimit: LOGIN_RATE },
    handler: async (request) => {
      const { appCode, userName, password, systemId } = request.body;
      const user = await checkAccountPassword(app, userName, password);
      return startSession(app, user, { appCode, systemId });
    },
  });
}
