import type { FastifyInstance } from 'fastify';
import inboxRoutes from './inbox';
import noticeRoutes from './notice';
import pickerRoutes from './pickers';
import sendRoutes from './send';

/** Platform messages under /api/v1/msg/im/message (SPEC 7.7, issue 6). */
export default async function msgRoutes(app: FastifyInstance) {
  await app.register(inboxRoutes);
  await app.register(sendRoutes);
  await app.register(noticeRoutes);
  await app.register(pickerRoutes);
}
