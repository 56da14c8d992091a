import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { lazyCompilers } from './http/lazy-compilers';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/index';
import { fail, MSG } from './http/envelope';
import { registerAuth } from './plugins/auth';
import { recordRoutes } from './plugins/route-table';
import { registerErrorHandling } from './plugins/errors';
import { registerActivityLog } from './plugins/activity-log';
import { registerIdempotency } from './plugins/idempotency';
import { boundDateFormats, registerInputBounds } from './plugins/input-bounds';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerDrain } from './plugins/drain';
import { registerSignature } from './plugins/signature';
import { registerStatic } from './plugins/static';
import { registerRoutes } from './routes/index';
import { registerStoreDevices } from './services/store-devices/worker';
import type { ServerKeys } from './security/keys';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an over-long URL or header, broken
 * syntax) are answered with the envelope like every other refusal, not Node's bare text.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (socket.destroyed || !socket.writable) return;
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLong ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify(
    tooLong ? fail('E0431', '请求过长，请减少查询条件后重试') : fail('E0400', MSG.badJson),
  );
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  keys: ServerKeys;
}

/**
 * Builds the Fastify instance without listening: main.ts serves it, tests call inject() on it.
 * Order matters: signature before auth (both onRequest), errors before routes, idempotency (its
 * onSend settles the key) after the security headers' onSend.
 */
export async function buildApp({ config, db, keys }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Never log credentials: tokens, signatures and passwords stay out of the log.
      redact: ['req.headers.token', 'req.headers.signature', 'req.headers.cookie', 'req.body.password'],
    },
    genReqId: () => randomUUID(),
    // Behind nginx (docs/operations.md): request.ip is the client's address from X-Forwarded-For.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
    clientErrorHandler: answerClientError,
    bodyLimit: 1024 * 1024,
    // Route schemas compile on each route's first call, not all at start (http/lazy-compilers.ts).
    schemaController: { compilersFactory: lazyCompilers },
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
    ajv: {
      // allErrors is required by ajv-errors; verbose gives the parent schema for Chinese fallbacks.
      customOptions: {
        allErrors: true,
        verbose: true,
        allowUnionTypes: true,
        coerceTypes: 'array',
        removeAdditional: false,
      },
      // boundDateFormats last: it narrows the date formats ajv-formats defined (issue 13.3).
      plugins: [ajvErrors as never, ajvFormats as never, boundDateFormats as never],
    },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('keys', keys);
  recordRoutes(app);
  registerInputBounds(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerDrain(app);
  registerSignature(app);
  registerAuth(app);
  registerIdempotency(app);
  registerActivityLog(app);
  await registerRoutes(app);
  // Heartbeats and price-tag pushes of the configured device cloud (issue 19.2, 19.3).
  registerStoreDevices(app);
  await registerStatic(app, config.distDir);
  return app;
}
