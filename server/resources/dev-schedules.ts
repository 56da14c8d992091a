import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import { devSchedulesPass } from '../../src/schema/contracts/dev';
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
  contractRoute(
    app,
    devSchedulesPass,
  )({
    config: { permission: '/admin/product/priceChangeList' },
    handler: async (request) => {
      const at = new Date(request.body.at);
      if (Number.isNaN(at.getTime())) throw ApiError.badRequest('时间格式不正确');
      return runSchedulePass(engine, at);
    },
  });
}
