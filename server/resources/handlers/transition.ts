import { checkRefuses } from '../rules';
import type { Ajv, ValidateFunction } from 'ajv';
import { runHooks, type SecretDelivery, writeSecret } from '../transition-secret';
import { ApiError } from '../../http/envelope';
import { firstValidationMessage } from '../../http/validation-message';
import { permissionKeys } from '../../services/session';
import { lazyValidator } from '../ajv';
import { audit } from '../audit';
import { type Actor, type Engine, notFound, rowName, stateLabel } from '../context';
import { transitionInputSchema } from '../../../src/schema/request-schemas';
import { openGuards } from '../guards/index';
import { runEffects } from '../effects';
import { notifyTransition } from '../notify';
import { runStockMoves } from '../stock';
import { fillAll } from '../fill';
import { applyReferences } from '../references';
import { findRow } from '../rows';
import { isDue } from '../schedule-due';
import type { AnyDb } from '../sql/db';
import { columnOf, toColumns } from '../sql/select';
import type { ResourceDef, StateValue, TransitionDef } from '../../../src/schema/types';
import { pickValues, stampValues } from '../values';
import { checkTimeWindow, chooseValue } from '../transition-rules';

const codes = (t: TransitionDef) => (Array.isArray(t.permission) ? t.permission : [t.permission]);

export type Authorize = (t: TransitionDef) => Promise<void>;

/**
 * The route admits holders of any transition's code; each action needs its own (E0401 otherwise).
 * The user's codes are read once, before the transaction opens: PGlite has a single connection, so a
 * query outside the open transaction would wait for it forever.
 */
export async function authorizer(engine: Engine, actor: Actor): Promise<Authorize> {
  const held = await permissionKeys(engine.db, actor.userId, actor.orgId);
  return async (t) => {
    if (!codes(t).some((c) => held.has(c))) throw ApiError.forbidden();
  };
}

/** Compiles the input check of every transition once (with the fields' Chinese messages). */
export function inputValidators(ajv: Ajv, engine: Pick<Engine, 'catalog'>, r: ResourceDef) {
  const out = new Map<string, ValidateFunction>();
  for (const t of r.states?.transitions ?? [])
    out.set(
      t.name,
      lazyValidator(() => ajv.compile(transitionInputSchema(engine.catalog, r, t))),
    );
  return out;
}

/** Keeps only the inputs the transition takes, and validates them. */
export function validateInput(
  validate: ValidateFunction,
  t: TransitionDef,
  body: unknown,
): Record<string, unknown> {
  const source = (body as Record<string, unknown> | null) ?? {};
  const input: Record<string, unknown> = {};
  for (const k of t.input ?? []) if (source[k] !== undefined) input[k] = source[k];
  if (!validate(input)) throw ApiError.badRequest(firstValidationMessage(validate.errors));
  return input;
}

function illegal(engine: Engine, r: ResourceDef, row: Record<string, unknown>, t: TransitionDef): ApiError {
  const state = row[r.states!.field];
  return ApiError.conflict(
    `${rowName(r, row)}当前状态为“${stateLabel(engine, r, state)}”，不能执行“${t.title}”操作`,
  );
}

/** One transition of one row inside the caller's transaction: lock, check the state, write, audit. */
export async function applyTransition(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef | ((state: StateValue) => TransitionDef),
  key: { field: string; value: unknown },
  input: Record<string, unknown>,
  actor: Actor,
  authorize: Authorize,
  opts: { system?: boolean; secretDelivery?: SecretDelivery } = {},
): Promise<Record<string, unknown>> {
  // A named action is authorised before the row is read, so a refusal says nothing about the row.
  if (typeof t !== 'function') await authorize(t);
  // Rules over the whole database (guards/) lock and look first, and check after the write.
  const guards = await openGuards(trx, r.name, 'transition', actor);
  // An approval task's approval is locked before the task: every decision takes the same order.
  await engine.workflows?.lockFirst(trx, r, key);
  const before = await findRow(trx, r, key.field, key.value, { forUpdate: true });
  if (!before) throw notFound(r);
  const state = before[r.states!.field] as StateValue;
  const chosen = typeof t === 'function' ? t(state) : t;
  if (typeof t === 'function') await authorize(chosen);
  if (chosen.system && !opts.system)
    throw ApiError.conflict(`“${chosen.title}”由系统根据相关单据自动执行，不能手动操作`);
  const workflow = opts.system ? undefined : engine.workflows?.guarding(r.name, chosen.name, state);
  if (workflow) throw ApiError.conflict(`“${chosen.title}”须经${workflow.title}，请在审批中心处理`);
  if (r.protectSelf && before[r.primaryKey] === actor.userId) {
    throw ApiError.conflict('不能对当前登录的账号执行该操作');
  }
  if (chosen.actor && Number(before[chosen.actor]) !== actor.userId) {
    const who = r.fields[chosen.actor]?.title?.replace(/ID$/, '') ?? '指定人员';
    throw new ApiError(401, 'E0401', `只有${who}本人可以执行“${chosen.title}”操作`);
  }
  // Four eyes: the user a field names (who registered a payment) may not run it himself.
  if (chosen.notBy && !opts.system && Number(before[chosen.notBy]) === actor.userId) {
    const who = r.fields[chosen.notBy]?.title?.replace(/ID$/, '') ?? '指定人员';
    throw ApiError.conflict(`“${chosen.title}”须由${who}以外的人员执行`);
  }
  if (!chosen.from.includes(state)) throw illegal(engine, r, before, chosen);
  // The transition's own refusals, on the row as stored with its lines (a sorting order not fully sorted).
  if (chosen.refuses?.length) {
    const doc = (await findRow(trx, r, r.primaryKey, before[r.primaryKey], { children: true }))!;
    checkRefuses(r, doc, chosen.refuses, (m) => ApiError.conflict(m));
  }
  const given = pickValues(r, input, chosen.input ?? []);
  // Accepted only at some time of day (a store order's 要货时间窗: transition-rules.ts).
  await checkTimeWindow(engine, trx, chosen, r, before);
  // Values the server sets: stamps, and one it chooses (the least-loaded picker of the zone).
  const setValues = {
    ...stampValues(chosen.set, actor),
    ...(await chooseValue(engine, trx, r, chosen, before)),
  };
  const checked = (chosen.checkReferences ?? []).filter((n) => n in setValues);
  for (const n of checked) given[n] = setValues[n];
  // An input referring to another resource is checked like a write's (exists, meets its `where`, with
  // "$header.x" read from this row) and brings its `copy` fields: an event's assignee of its own store.
  // So is a set value named in `checkReferences` (a picker claiming an order of a zone he is bound to).
  const refFields = Object.fromEntries(
    [...(chosen.input ?? []), ...checked]
      .filter((n) => r.fields[n]?.['x-reference'])
      .map((n) => [n, r.fields[n]!]),
  );
  if (Object.keys(refFields).length)
    await applyReferences(
      trx,
      engine.catalog,
      refFields,
      given,
      undefined,
      { values: { ...before, ...given }, fields: r.fields },
      opts.system ? undefined : { orgId: actor.orgId ?? null, userId: actor.userId },
    );
  const values = {
    ...given,
    ...setValues,
    [r.states!.field]: chosen.to,
  };
  const id = before[r.primaryKey];
  await trx
    .updateTable(r.table)
    .set(toColumns(r.fields, values))
    .where(columnOf(r.fields, r.primaryKey), '=', id)
    .execute();
  await guards.check(chosen.name);
  // A secret the transition makes (a reset password) and its server steps (transition-secret.ts).
  const secret = await writeSecret(trx, r, chosen, before, opts.secretDelivery ?? 'show');
  await runHooks(trx, r, chosen, before);
  // Lines drawn from another resource (a count sheet from the stock), before any move reads them.
  if (chosen.fill) await fillAll(engine, trx, r, chosen.fill, id, actor);
  // What the transition writes elsewhere (effects), as the document now stands, lines included.
  if (chosen.effects?.length || chosen.stock?.length) {
    const doc = (await findRow(trx, r, r.primaryKey, id, { children: true }))!;
    await runStockMoves(trx, r, chosen, doc, actor);
    await runEffects(engine, trx, r, chosen, doc, actor, (tx, target, t, rowId, who) =>
      applyTransition(
        engine,
        tx,
        target,
        t,
        { field: target.primaryKey, value: rowId },
        {},
        who,
        async () => {},
        {
          system: true,
        },
      ),
    );
  }
  let after = (await findRow(trx, r, r.primaryKey, id))!;
  if (engine.workflows?.mayWrite(r)) {
    await engine.workflows.decided(trx, r, chosen, before, after, actor);
    await engine.workflows.left(trx, r, chosen, before, after, actor);
    if (String(state) !== String(chosen.to)) await engine.workflows.entered(trx, r, after, actor);
    after = (await findRow(trx, r, r.primaryKey, id))!;
  }
  // Work handed to someone (an AI event's assignee) hears of it in the message centre (notify.ts).
  if (chosen.notify) await notifyTransition(trx, engine.catalog, r, chosen, after, actor);
  await audit(trx, actor, {
    action: `transition:${chosen.name}`,
    entity: r.name,
    entityId: id,
    before,
    after,
  });
  // A scheduled transition (`onEntry`) the row is already due for runs now, not at the next pass:
  // an approval on or after a price's effective date applies it at once.
  const due = String(state) === String(chosen.to) ? undefined : dueOnEntry(r, after);
  if (due)
    return applyTransition(
      engine,
      trx,
      r,
      due,
      { field: r.primaryKey, value: id },
      {},
      actor,
      async () => {},
      {
        system: true,
      },
    );
  return secret ? { ...after, oneTimeSecret: secret } : after;
}

/** The first `onEntry` scheduled transition leaving the row's state that is due now. */
function dueOnEntry(r: ResourceDef, row: Record<string, unknown>): TransitionDef | undefined {
  const state = row[r.states!.field] as StateValue;
  return r.states!.transitions.find((x) => {
    const f = x.schedule?.onEntry ? r.fields[x.schedule.after] : undefined;
    return f && x.from.includes(state) && isDue(f, x, row[x.schedule!.after], new Date());
  });
}

/** By target (e.g. updateRoleStatus {id, status}): the transition leading from the current state there. */
export function byTarget(r: ResourceDef, target: StateValue): (state: StateValue) => TransitionDef {
  const all = r.states!.transitions.filter((t) => t.to === target);
  return (state) => all.find((t) => t.from.includes(state)) ?? all[0]!;
}
