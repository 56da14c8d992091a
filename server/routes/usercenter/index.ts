import type { FastifyInstance } from 'fastify';
import { allowBeforeStore } from '../../plugins/before-store';
import userCenterInfoRoutes from './info';
import uploadRoutes from './upload';

/** The personal centre and image uploads under /gateApi (issue 3). */
export default async function userCenterRoutes(app: FastifyInstance) {
  allowBeforeStore(app);
  await app.register(userCenterInfoRoutes);
  await app.register(uploadRoutes);
}
