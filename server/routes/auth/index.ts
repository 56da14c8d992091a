import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { allowBeforeStore } from '../../plugins/before-store';
import authCodeRoutes from './authcode';
import legacyLoginRoutes from './legacy-login';
import loginRoutes from './login';
import navigationRoutes from './navigation';
import orgRoutes from './org';
import { rateLimitOptions } from './rate-limit';
import wechatRoutes from './wechat';

/** Sign-in and identity under /api/v1/auth and /api/v1/user03 (issue 3). Rate limits apply per route. */
export default async function authRoutes(app: FastifyInstance) {
  allowBeforeStore(app);
  await app.register(rateLimit, rateLimitOptions(app));
  await app.register(loginRoutes);
  await app.register(legacyLoginRoutes);
  await app.register(navigationRoutes);
  await app.register(orgRoutes);
  await app.register(authCodeRoutes);
  await app.register(wechatRoutes);
}
