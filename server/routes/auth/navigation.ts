import type { FastifyInstance } from 'fastify';
import { navigation } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { navigationFor } from '../../services/profile-checks';

/**
 * POST /api/v1/auth/navigation (SPEC 2.2): the security check after login.
 * navigationType 1 /chooseProject, 2 /verificationPhone (no phone), 3 /verificationAbnormal (flagged);
 * updatePwdTips is the '安全提示' text when the password is due for change; bindPhoneHide the masked phone.
 * Pinned by tests/server/auth-navigation.test.ts.
 */
export default async function navigationRoutes(app: FastifyInstance) {
  // A read sent by POST: neither idempotent nor an operation to log (issue 20.2).
  contractRoute(
    app,
    navigation,
  )({ config: { idempotent: false }, handler: (request) => navigationFor(app.db, request.auth!) });
}
