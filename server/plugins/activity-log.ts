import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../security/keys';
import { idempotentRoute } from './idempotency';

interface Answer {
  success: boolean;
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** The envelope of a JSON answer (DESIGN.md 3); a non-JSON answer counts by its HTTP status. */
function answerOf(statusCode: number, payload: unknown): Answer {
  if (typeof payload === 'string') {
    try {
      const parsed = JSON.parse(payload) as {
        result?: { success?: boolean; code?: string; msg?: string };
        data?: unknown;
      };
      if (parsed?.result && typeof parsed.result.success === 'boolean') {
        const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as Answer['data']) : null;
        return {
          success: parsed.result.success,
          code: String(parsed.result.code ?? ''),
          msg: String(parsed.result.msg ?? ''),
          data,
        };
      }
    } catch {
      // not JSON: judged by the status below
    }
  }
  const success = statusCode < 400;
  return { success, code: success ? '0' : `E0${statusCode}`, msg: '', data: null };
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value ? value.slice(0, max) : null;

/**
 * A sign-in route (config.signIn): one login_log row per attempt, with the reason the client was told
 * on failure (wrong password, locked, expired code …), and the client written onto the new session
 * (the online-user list). One-time codes (messaging-app and auth-code logins) are never recorded.
 */
async function logSignIn(app: FastifyInstance, request: FastifyRequest, answer: Answer): Promise<void> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const accountType = typeof body.accountType === 'number' ? body.accountType : 1;
  const account = accountType <= 2 ? text(body.account ?? body.userName, 128) : null;
  const agent = request.headers['user-agent'];
  const client = {
    ip: text(request.ip, 64),
    browser: text(body.browserName, 100) ?? text(agent, 100),
    device: text(body.deviceSystemName, 100),
  };
  const userId = typeof answer.data?.userId === 'number' ? answer.data.userId : null;
  await app.db
    .insertInto('loginLog')
    .values({
      account,
      accountType,
      userId: answer.success ? userId : null,
      result: answer.success ? 1 : 0,
      reason: answer.success ? '登录成功' : text(answer.msg, 200),
      errorCode: answer.success ? null : text(answer.code, 20),
      ...client,
    })
    .execute();
  const token = answer.data?.token;
  if (answer.success && typeof token === 'string' && userId !== null) {
    const who = await app.db
      .selectFrom('appUser')
      .select(['account', 'realName'])
      .where('id', '=', userId)
      .executeTakeFirst();
    await app.db
      .updateTable('session')
      .set({ ...client, account: who?.account ?? null, realName: who?.realName ?? null })
      .where('tokenHash', '=', sha256Hex(token))
      .execute();
  }
}

/**
 * A write by a signed-in user (what the idempotency plugin treats as one: every non-GET route that
 * needs a session, except reads sent by POST). The rows the call wrote (the engine's audit, a
 * hand-written route's auditIdentity) get the address, organisation and function title; a call that
 * wrote none gets one row of its own: a failure with its code and message (the engine's rows rolled
 * back with it), or a hand-written function that keeps no images.
 */
async function logOperation(
  app: FastifyInstance,
  request: FastifyRequest,
  config: FastifyContextConfig,
  answer: Answer,
): Promise<void> {
  const auth = request.auth!;
  const url = request.routeOptions.url ?? request.url;
  const title = config.operation?.title ?? null;
  const ip = text(request.ip, 64);
  const who = await app.db
    .selectFrom('appUser')
    .select('realName')
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  const realName = who?.realName ?? null;
  const tagged = await app.db
    .updateTable('auditLog')
    .set((eb) => ({
      ip,
      account: eb.fn.coalesce('account', eb.val(auth.account)),
      realName: eb.fn.coalesce('realName', eb.val(realName)),
      orgId: eb.fn.coalesce('orgId', eb.val(auth.orgId)),
      title: eb.fn.coalesce('title', eb.val(title)),
    }))
    .where('requestId', '=', String(request.id))
    .returning('id')
    .execute();
  if (tagged.length > 0 && answer.success) return;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const action = text(params.action, 30) ?? config.operation?.action ?? request.method.toLowerCase();
  const key = params.id ?? params.key ?? null;
  await app.db
    .insertInto('auditLog')
    .values({
      userId: auth.userId,
      account: auth.account,
      realName,
      orgId: auth.orgId,
      action,
      entity: (config.operation?.entity ?? url).slice(0, 50),
      entityId: key === null || key === undefined ? null : String(key).slice(0, 64),
      requestId: String(request.id),
      ip,
      title,
      result: answer.success ? 1 : 0,
      errorCode: answer.success ? null : text(answer.code, 20),
      errorMsg: answer.success ? null : text(answer.msg, 300),
    })
    .execute();
}

/**
 * The login log and the operation log (issue 20.2), written before the answer leaves so that a
 * client (or a test) reading the log right after sees its call. A failure to log is logged and does
 * not change the answer the user already earned.
 */
export function registerActivityLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const config = request.routeOptions.config;
    if (!config) return payload;
    const signIn = config.signIn === true;
    const write = !signIn && request.auth && idempotentRoute(request.method, config);
    if (!signIn && !write) return payload;
    // A repeat answered from the idempotency store did nothing: the first call is logged already.
    if (reply.getHeader('idempotent-replayed')) return payload;
    try {
      const answer = answerOf(reply.statusCode, payload);
      if (signIn) await logSignIn(app, request, answer);
      else await logOperation(app, request, config, answer);
    } catch (error) {
      request.log.error({ err: error }, 'activity log not written');
    }
    return payload;
  });
}
