import { createHash } from 'node:crypto';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';
import {
  claimKey,
  type KeyClaim,
  purgeExpiredKeys,
  releaseKey,
  type RequestPrint,
  storeAnswer,
} from '../services/idempotency-store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A random id from the browser (src/runtime/request/idempotency.ts); bounded so it stays an id. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A repeat waits this long for the first call to finish before it is told to look later. */
const WAIT_MS = 20_000;
const PURGE_EVERY_MS = 10 * 60_000;

export const MSG_KEY_REUSED = '该提交标识已用于另一项内容不同的提交，请关闭后重新打开再提交';
export const MSG_KEY_BUSY = '相同的提交正在处理中，请稍后刷新查看结果';
export const MSG_KEY_BAD = '提交标识格式不正确';

/**
 * Whether a route takes part: by default every write that needs a session (issue 13.4), so a write
 * route added later is covered without saying so; a route opts out with `idempotent: false` (the
 * resource engine's POST lists). Pinned by tests/server/idempotency.test.ts over app.routeTable.
 */
export function idempotentRoute(method: string, config: FastifyContextConfig): boolean {
  return WRITES.has(method) && !config.public && config.idempotent !== false;
}

/** Key order does not matter; everything else does. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(Buffer.isBuffer(value) ? value.toString('base64') : (value ?? null));
}

/** What a repeat must match: params, query and body as parsed (before validation coerces them). */
export function requestHash(params: unknown, query: unknown, body: unknown): string {
  return createHash('sha256').update(stable({ params, query, body })).digest('hex');
}

function printOf(request: FastifyRequest): RequestPrint {
  const path = request.routeOptions.url ?? request.url;
  return { method: request.method, path, hash: requestHash(request.params, request.query, request.body) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stored answer is a success envelope only (docs/decisions.md, issue 13 point 4). */
function storable(statusCode: number, payload: unknown): payload is string {
  if (statusCode >= 300 || typeof payload !== 'string') return false;
  try {
    return (JSON.parse(payload) as { result?: { success?: unknown } }).result?.success === true;
  } catch {
    return false;
  }
}

/**
 * A one-time secret (a transition's `oneTimeSecret`, e.g. a reset password) is answered once: the stored
 * answer keeps where it went but not the value, so a repeat shows no secret and the table holds none.
 */
function withoutSecret(payload: string): string {
  const parsed = JSON.parse(payload) as { data?: { oneTimeSecret?: { value?: string } } };
  const secret = parsed.data?.oneTimeSecret;
  if (!secret || secret.value === undefined) return payload;
  delete secret.value;
  return JSON.stringify(parsed);
}

/**
 * Idempotency keys (DESIGN.md 3): a write carrying `Idempotency-Key` runs once per caller and key;
 * repeats within 24 hours get the stored answer (header `idempotent-replayed`), a concurrent repeat
 * waits for it, the same key with another request is refused (422 E0422). Runs after the session
 * (plugins/auth.ts), before validation, so a repeat is answered whatever its body.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotency', null);
  let lastPurge = 0;
  app.addHook('preValidation', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || request.is404 || !request.auth) return;
    if (!idempotentRoute(request.method, request.routeOptions.config)) return;
    // A streamed upload has no body to compare yet: it is not replayed.
    if (request.isMultipart?.()) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw ApiError.badRequest(MSG_KEY_BAD);
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeExpiredKeys(app.db);
    }
    const claim: KeyClaim = { owner: `u${request.auth.userId}`, key: header };
    const print = printOf(request);
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 200)) {
      const outcome = await claimKey(app.db, claim, print);
      if (outcome?.kind === 'run') {
        request.idempotency = claim;
        return;
      }
      if (outcome?.kind === 'mismatch') throw new ApiError(422, 'E0422', MSG_KEY_REUSED);
      if (outcome?.kind === 'replay') {
        return reply
          .code(outcome.status)
          .header('content-type', 'application/json; charset=utf-8')
          .header('idempotent-replayed', 'true')
          .send(outcome.body);
      }
      if (Date.now() > deadline) throw ApiError.conflict(MSG_KEY_BUSY);
      await sleep(pause);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    try {
      if (storable(reply.statusCode, payload))
        await storeAnswer(app.db, claim, reply.statusCode, withoutSecret(payload));
      else await releaseKey(app.db, claim);
    } catch (error) {
      // The answer still goes out; the key then stays pending until it expires (repeats get 409).
      request.log.error({ err: error }, 'idempotency key not settled');
    }
    return payload;
  });
}
