import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index';
import type { Sender } from '../../services/messages/constants';

/** Who sends: the signed-in user, named as he is now, in the organisation he chose. */
export async function senderOf(db: Database, request: FastifyRequest): Promise<Sender> {
  const auth = request.auth!;
  const user = await db
    .selectFrom('appUser')
    .select('realName')
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  return { userId: auth.userId, realName: user.realName, orgId: auth.orgId };
}
