import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { navigationFor } from '../../services/profile-checks';

const body = {
  type: 'object',
  properties: { accountType: { type: 'integer', enum: [1, 2, 3, 4], errorMessage: '不支持的登录方式' } },
} as const;

/**
 * POST /api/v1/auth/navigation (SPEC 2.2): the security check after login.
 * navigationType 1 /chooseProject, 2 /verificationPhone (no phone), 3 /verificationAbnormal (flagged);
 * updatePwdTips is the '安全提示' text when the password is due for change; bindPhoneHide the masked phone.
 * Pinned by tests/server/auth-navigation.test.ts.
 */
export default async function navigationRoutes(app: FastifyInstance) {
  app.post('/api/v1/auth/navigation', { schema: { body } }, async (request) =>
    ok(await navigationFor(app.db, request.auth!)),
  );
}
