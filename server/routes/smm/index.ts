import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { allowBeforeStore } from '../../plugins/before-store';
import { rateLimitOptions } from '../auth/rate-limit';
import captchaRoutes from './captcha';
import smmUserRoutes from './user';
import userAccountRoutes from './user-account';

/** Phone codes, phone binding, password recovery and change under /api/v1/smm (issue 3). */
export default async function smmRoutes(app: FastifyInstance) {
  allowBeforeStore(app);
  await app.register(rateLimit, rateLimitOptions(app));
  await app.register(userAccountRoutes);
  await app.register(smmUserRoutes);
  await app.register(captchaRoutes);
}
