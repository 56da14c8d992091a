import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';
import { dynamic } from '../resources/sql/db';
import { permissionKeys, resolveSessionGrant } from '../services/session';

/**
 * Authentication and authorisation for every API route, in one hook (DESIGN.md example 6):
 * routes marked `public` pass; every other call needs a live session (W0005 / W0013), and a route's
 * `permission` must be held by the user (401 E0401), and business calls need a chosen organisation.
 * The browser's menus are only cosmetics.
 */
/** An approver reading the document of one of his approval tasks (route config approvalRead). */
async function approverOf(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const read = request.routeOptions.config.approvalRead;
  const id = read && (request.params as Record<string, unknown>)[read.param];
  // Only a plain key can name a document; anything else is refused like any unpermitted call.
  if (!read || typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id) || !request.auth) return false;
  // approval_task is owned by its resource file (no static table type): the dynamic builder reads it.
  const task = await dynamic(app.db)
    .selectFrom('approval_task')
    .select('id')
    .where('resource', '=', read.resource)
    .where('documentId', '=', String(id))
    .where('userId', '=', request.auth.userId)
    .limit(1)
    .executeTakeFirst();
  return !!task;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // The matched route decides, never the raw URL: every route needs a session unless it is public.
    if (request.is404) return;
    const token = request.headers.token;
    if (typeof token !== 'string' || token === '') {
      if (config.public) return;
      throw ApiError.expired();
    }
    const needed = config.permission
      ? Array.isArray(config.permission)
        ? config.permission
        : [config.permission]
      : undefined;
    let granted: boolean | undefined;
    try {
      ({ auth: request.auth, granted } = await resolveSessionGrant(app.db, app.config, token, needed));
    } catch (error) {
      // A public call with a stale token still works (a login page may hold an old cookie).
      if (config.public) return;
      throw error;
    }
    // Business calls need the chosen organisation: chooseStore grants it only after the security
    // steps (phone binding, abnormal-login check) have passed, so skipping pages cannot skip them.
    if (!config.beforeStore && !config.public && request.auth.orgId === null) {
      throw new ApiError(409, 'E0409', '请选择机构');
    }
    if (needed) {
      // Read with the session on PostgreSQL; from the in-process permission cache on PGlite.
      let allowed = granted;
      if (allowed === undefined) {
        const held = await permissionKeys(app.db, request.auth.userId, request.auth.orgId);
        allowed = needed.some((key) => held.has(key));
      }
      if (!allowed && !(await approverOf(app, request))) throw ApiError.forbidden();
    }
  });
}
