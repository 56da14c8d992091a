import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { databaseStore } from './rate-limit-store';

/**
 * @fastify/rate-limit for the abuse-prone public calls (login, SMS, slider, recovery). Not global: each
 * route names its own limit in config.rateLimit. Keyed by client address; the per-phone and per-account
 * rules (60 s per phone, 5 tries, lockout) live in the database and hold across addresses.
 * The answer is the envelope E0429 with when to retry (server/plugins/errors.ts maps statusCode 429).
 * The counts are in the database, shared by every server on it (rate-limit-store.ts).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const rateLimitOptions = (app: FastifyInstance): RateLimitPluginOptions => ({
  global: false,
  store: databaseStore(app.db),
  // The end-to-end suite signs in hundreds of times a minute from 127.0.0.1 against one server; it
  // sets RATE_LIMIT_EXEMPT_LOOPBACK=1 (never honoured in production, see server/config.ts).
  allowList: (request) => request.server.config.rateLimitExemptLoopback && LOOPBACK.has(request.ip),
  errorResponseBuilder: (_request, context) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const error = new Error(`操作过于频繁，请${seconds}秒后再试`) as Error & { statusCode: number };
    error.statusCode = 429;
    return error;
  },
});
