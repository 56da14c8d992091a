import type { FastifyInstance } from 'fastify';
import userCenterInfoRoutes from './info';
import uploadRoutes from './upload';

/** The personal centre and image uploads under /gateApi (issue 3). */
export default async function userCenterRoutes(app: FastifyInstance) {
  await app.register(userCenterInfoRoutes);
  await app.register(uploadRoutes);
}
