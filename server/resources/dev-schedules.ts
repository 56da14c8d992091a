import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../http/envelope';
import type { Engine } from './context';
import { runSchedulePass } from '../services/schedules';

/**
 * Demo mode only (DESIGN.md 3, like the SMS outbox): one pass of the scheduled transitions as of a
 * given moment, `POST /api/dev/schedules/pass { at }`, so a demo or a browser test can show what
 * happens on a future day (a price change effective next week taking effect) without waiting for
 * it. The pass is the worker's own (server/services/schedules.ts): the same rows, transitions, audit.
 * Callers need a headquarters page (the price-change list); store and warehouse users cannot run it.
 */
export function registerDevSchedules(app: FastifyInstance, engine: Engine): void {
  if (!app.config.demo || app.config.production) return;
  app.post(
    '/api/dev/schedules/pass',
    {
      config: { permission: '/admin/product/priceChangeList' },
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['at'],
          properties: { at: { type: 'string', format: 'date-time' } },
        },
      },
    },
    async (request) => {
      const at = new Date((request.body as { at: string }).at);
      if (Number.isNaN(at.getTime())) throw ApiError.badRequest('时间格式不正确');
      return ok(await runSchedulePass(engine, at));
    },
  );
}
