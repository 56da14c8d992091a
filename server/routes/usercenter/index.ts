import type { FastifyInstance } from 'fastify';
import { allowBeforeStore } from '../../plugins/before-store';
import userCenterInfoRoutes from './info';
import preferenceRoutes from './preferences';
import uploadRoutes from './upload';

/** The personal centre, image uploads and the user's theme and language under /gateApi (issues 3, 20). */
export default async function userCenterRoutes(app: FastifyInstance) {
  allowBeforeStore(app);
  await app.register(userCenterInfoRoutes);
  await app.register(uploadRoutes);
  await app.register(preferenceRoutes);
}
