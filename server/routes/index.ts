import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/login';
import clientConfigRoutes from './common/client-config';
import healthRoutes from './health';

/** The one list of route groups. A new group is one import and one line here. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
}
