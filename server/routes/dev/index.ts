import type { FastifyInstance } from 'fastify';
import devSmsRoutes from './sms';
import devSubsystemRoutes from './subsystem';
import devWechatRoutes from './wechat';

/**
 * Demo-mode helpers (DESIGN.md 3): the SMS outbox, the messaging-app authorize page and the subsystem
 * landing page. Outside demo mode none of these routes exist, so they answer 404.
 */
export default async function devRoutes(app: FastifyInstance) {
  if (!app.config.demo) return;
  await app.register(devSmsRoutes);
  await app.register(devSubsystemRoutes);
  await app.register(devWechatRoutes);
}
