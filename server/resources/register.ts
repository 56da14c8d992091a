import type { ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ok } from '../http/envelope';
import { forgetPermissions, permissionKeys } from '../services/session';
import { type Actor, type Engine, loadActor, rowName } from './context';
import { aggregate, allRows, assertInScope, getRow, listRows } from './handlers/read';
import { getRelation, setRelation } from './handlers/relation';
import { applyTransition, authorizer, byTarget, validateInput } from './handlers/transition';
import { createRow, deleteRow, updateRow } from './handlers/write';
import type { BatchJobs } from './batch-jobs';
import { BATCH_SYNC_MAX } from '../../src/schema/contracts/exports';
import { assertCanDeliver, deliverSecret, type SecretSms, secretSms } from './transition-secret';
import { maskForReader, type Reader } from './masking';
import { normaliseListQuery } from './query-text';
import { routeSchemas } from '../../src/schema/request-schemas';
import type { RouteSpec } from '../../src/schema/routes';
import { dynamic } from './sql/db';
import { RowSkipped } from './transition-rules';
import { findRow } from './rows';
import { jsonIsFinal, rowsFromJson } from './sql/json-rows';
import { JSON_TYPE, ListAnswer } from './list-answer';
import { hasMaskedFields } from '../../src/schema/mask';
import type { ResourceDef, StateValue } from '../../src/schema/types';
import type { PermissionByDef } from '../../src/generated/schema-files';

type Req = FastifyRequest<{
  Params: Record<string, unknown>;
  Querystring: Record<string, unknown>;
  Body: unknown;
}>;

const READS = new Set<RouteSpec['kind']>(['list', 'all', 'get', 'relationGet', 'aggregate']);

const bodyOf = (req: Req) => (req.body ?? {}) as Record<string, unknown>;

function keyValue(req: Req, route: RouteSpec): unknown {
  const k = route.key!;
  if (k.in === 'params') return req.params[k.field];
  if (k.in === 'querystring') return req.query[k.field];
  return bodyOf(req)[k.field];
}

const actorOf = (engine: Engine, req: Req) => loadActor(engine.db, req.auth!, String(req.id));

const callerOf = (req: Req) => ({ orgId: req.auth?.orgId ?? null, userId: req.auth?.userId ?? null });

/** Masked personal data (masking.ts): who reads, for the unmask permission and the log of full reads. */
const readerOf = (req: Req): Reader => ({
  ...callerOf(req),
  account: req.auth?.account ?? null,
  requestId: String(req.id),
  ip: req.ip,
});

function handler(
  engine: Engine,
  r: ResourceDef,
  route: RouteSpec,
  inputs: Map<string, ValidateFunction>,
  sms: SecretSms,
  batch: BatchJobs,
) {
  const key = route.key?.field ?? r.primaryKey;
  switch (route.kind) {
    case 'list':
      return async (req: Req) => {
        const { listText, ...page } = await listRows(
          engine,
          r,
          (route.method === 'GET' ? req.query : req.body) as never,
          callerOf(req),
          route.view,
        );
        // Rows that leave as the database wrote them (no masked fields, nothing to map): sent as text.
        if (!hasMaskedFields(r) && jsonIsFinal(r.fields)) return new ListAnswer(page, listText);
        const list = await maskForReader(engine.db, r, readerOf(req), rowsFromJson(r.fields, listText));
        return { ...page, list };
      };
    case 'aggregate':
      return async (req: Req) => ({
        rows: await aggregate(
          engine,
          r,
          route.aggregate!,
          (route.method === 'GET' ? req.query : req.body) as never,
          callerOf(req),
        ),
      });
    case 'all':
      return async (req: Req) => {
        const all = await allRows(engine, r, (route.method === 'GET' ? req.query : req.body) as never);
        return { ...all, list: await maskForReader(engine.db, r, readerOf(req), all.list) };
      };
    case 'get':
      return async (req: Req) => {
        const k = keyValue(req, route);
        const row = await getRow(engine, r, key, k, callerOf(req));
        return (await maskForReader(engine.db, r, readerOf(req), [row], k))[0];
      };
    case 'create':
      return async (req: Req) => {
        const actor = await actorOf(engine, req);
        await checkPermissionBy(engine, r.endpoints.create?.permissionBy, bodyOf(req), actor);
        return createRow(engine, r, bodyOf(req), actor);
      };
    case 'update':
      return async (req: Req) => {
        await assertInScope(engine, r, key, keyValue(req, route), callerOf(req));
        return updateRow(engine, r, key, keyValue(req, route), bodyOf(req), await actorOf(engine, req));
      };
    case 'delete':
      return async (req: Req) => {
        await assertInScope(engine, r, key, keyValue(req, route), callerOf(req));
        return deleteRow(engine, r, key, keyValue(req, route), await actorOf(engine, req));
      };
    case 'transition':
      return async (req: Req) => {
        await assertInScope(engine, r, key, keyValue(req, route), callerOf(req));
        const actor = await actorOf(engine, req);
        const byState = r.endpoints.transition!.by === 'target';
        const t = byState
          ? byTarget(r, bodyOf(req)[r.states!.field] as StateValue)
          : r.states!.transitions.find((x) => x.name === req.params.action)!;
        const input = typeof t === 'function' ? {} : validateInput(inputs.get(t.name)!, t, req.body);
        const authorize = await authorizer(engine, actor);
        const secretDelivery = bodyOf(req).secretDelivery === 'sms' ? 'sms' : 'show';
        assertCanDeliver(secretDelivery, sms);
        const row = await engine.db
          .transaction()
          .execute((trx) =>
            applyTransition(
              engine,
              trx,
              r,
              t,
              { field: key, value: keyValue(req, route) },
              input,
              actor,
              authorize,
              { secretDelivery },
            ),
          );
        return deliverSecret(row, sms);
      };
    case 'batchTransition':
      return async (req: Req) => {
        const actor = await actorOf(engine, req);
        const t = r.states!.transitions.find((x) => x.name === req.params.action)!;
        const input = validateInput(inputs.get(t.name)!, t, req.body);
        const ids = bodyOf(req).ids as unknown[];
        // More rows than a synchronous batch takes (or asked for): a batch job, each row on its own,
        // each row's outcome kept (batch-jobs.ts); the answer names the job to follow.
        const limit = r.endpoints.batchTransition!.maxItems ?? BATCH_SYNC_MAX;
        if (bodyOf(req).job === true || ids.length > limit) {
          // The action's own code, at once (the job checks it again, and each row's scope, as it runs).
          await (
            await authorizer(engine, actor)
          )(t);
          return { count: ids.length, job: await batch.queue(r, t, ids, input, req.auth!) };
        }
        for (const id of ids) await assertInScope(engine, r, r.primaryKey, id, callerOf(req));
        const authorize = await authorizer(engine, actor);
        // All or nothing: the first row that may not move rolls the whole batch back (409 names it),
        // but for a row a `choose` has no candidate for: it stays as it was and is reported back
        // (RowSkipped is thrown before the row is written, so the transaction goes on).
        const skipped: { id: unknown; name: string; msg: string }[] = [];
        await dynamic(engine.db)
          .transaction()
          .execute(async (trx) => {
            for (const id of ids)
              await applyTransition(
                engine,
                trx,
                r,
                t,
                { field: r.primaryKey, value: id },
                input,
                actor,
                authorize,
              ).catch(async (e: unknown) => {
                if (!(e instanceof RowSkipped)) throw e;
                const row = await findRow(trx, r, r.primaryKey, id);
                skipped.push({ id, name: row ? rowName(r, row) : String(id), msg: e.message });
              });
          });
        return { count: ids.length - skipped.length, ...(skipped.length ? { skipped } : {}) };
      };
    case 'relationGet':
      return (req: Req) => getRelation(engine, r, route.relation!, req.params.id);
    case 'relationSet':
      return async (req: Req) =>
        setRelation(
          engine,
          r,
          route.relation!,
          req.params.id,
          bodyOf(req).ids as number[],
          await actorOf(engine, req),
        );
  }
}

/**
 * create with permissionBy: the door admitted any of the codes; the value sent needs its own
 * (e.g. 启用 needs commodityApply:commodityStateEnable). An unmapped value needs them all: refused.
 */
async function checkPermissionBy(
  engine: Engine,
  by: PermissionByDef | undefined,
  body: Record<string, unknown>,
  actor: Actor,
): Promise<void> {
  if (!by) return;
  const code = by.codes[String(body[by.field] ?? '')];
  const held = await permissionKeys(engine.db, actor.userId, actor.orgId);
  if (!code || !held.has(code)) throw ApiError.forbidden();
}

/** The detail of a document some workflow guards is readable by its approvers (plugins/auth.ts). */
function approvalRead(engine: Engine, r: ResourceDef, route: RouteSpec) {
  const guarded = [...engine.catalog.workflows.values()].some((w) => w.resource === r.name);
  const key = route.key;
  if (route.kind !== 'get' || !guarded || key?.in !== 'params' || key.field !== r.primaryKey) return {};
  return { approvalRead: { resource: r.name, param: key.field } };
}

/** One resource route: schemas from the file, the permission at the door (plugins/auth.ts), the handler. */
export function registerRoute(
  app: FastifyInstance,
  engine: Engine,
  r: ResourceDef,
  route: RouteSpec,
  inputs: Map<string, ValidateFunction>,
  batch: BatchJobs,
): void {
  const schemas = routeSchemas(engine.catalog, r, route);
  const run = handler(engine, r, route, inputs, secretSms(app), batch);
  const textList =
    route.method === 'GET' && (route.kind === 'list' || route.kind === 'all' || route.kind === 'aggregate');
  // audit.ts forgets cached grants and sessions inside the write's transaction; forgetting again once
  // it has committed drops what a concurrent call may have cached from the old rows meanwhile.
  const grants = (r.name === 'user' || r.name === 'role') && !READS.has(route.kind);
  app.route({
    method: route.method,
    url: route.path,
    schema: schemas as never,
    // Lists sent by POST are reads: an idempotency key means nothing there (plugins/idempotency.ts).
    config: {
      permission: route.permission,
      ...(READS.has(route.kind)
        ? { idempotent: false }
        : { operation: { entity: r.name, title: r.title, action: route.kind } }),
      ...approvalRead(engine, r, route),
    },
    ...(textList
      ? {
          preValidation: async (req: FastifyRequest) =>
            normaliseListQuery(r, req.query as Record<string, unknown>),
        }
      : {}),
    handler: async (req, reply) => {
      const data = await run(req as Req);
      if (grants) forgetPermissions();
      if (data instanceof ListAnswer) return reply.type(JSON_TYPE).send(data.envelope());
      return ok(data);
    },
  });
}
