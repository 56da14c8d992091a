import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';

/** Where text messages go. A real gateway is one more implementation of this interface (DESIGN.md 3). */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Demo mode: the message lands in sms_outbox (shown at /dev/sms) and in the server log. */
export function outboxSender(db: Database, log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      await db.insertInto('smsOutbox').values({ phone, text }).execute();
      log.info({ phone, text }, 'demo sms outbox');
    },
  };
}

/** Outside demo mode no gateway is configured yet: refuse loudly instead of pretending to send. */
export const unconfiguredSender: SmsSender = {
  async send() {
    throw new ApiError(503, 'E0503', '短信服务暂不可用，请联系管理人员');
  },
};

export function smsSenderFor(options: { demo: boolean; db: Database; log: FastifyBaseLogger }): SmsSender {
  return options.demo ? outboxSender(options.db, options.log) : unconfiguredSender;
}
