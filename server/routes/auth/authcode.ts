import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { AUTH_CODE_TARGETS, issueAuthCode } from '../../services/authcode';
import { assertSecurityStepsDone } from '../../services/profile-checks';

const body = {
  type: 'object',
  required: ['systemId'],
  properties: { systemId: { type: 'integer', enum: [...AUTH_CODE_TARGETS], errorMessage: '跳转参数错误' } },
  errorMessage: { required: { systemId: '跳转参数错误' } },
} as const;

/**
 * POST /api/v1/auth/authCode (SPEC 2.3): a fresh single-use code (5 minutes) to open subsystem 100, 200 or
 * 301 as the signed-in user, with the address to open. Pinned by tests/server/auth-org.test.ts.
 */
export default async function authCodeRoutes(app: FastifyInstance) {
  app.post<{ Body: { systemId: number } }>('/api/v1/auth/authCode', { schema: { body } }, async (request) => {
    const auth = request.auth!;
    await assertSecurityStepsDone(app.db, auth);
    const { systemId } = request.body;
    const target = await app.db
      .selectFrom('subsystem')
      .select('systemUrl')
      .where('systemId', '=', systemId)
      .executeTakeFirst();
    const authCode = await issueAuthCode(app.db, auth.userId, systemId);
    return ok({ authCode, systemUrl: target?.systemUrl ?? '' });
  });
}
