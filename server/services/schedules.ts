import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../http/envelope';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import type { Actor, Engine } from '../resources/context';
import { applyTransition } from '../resources/handlers/transition';
import { dueCutoff } from '../resources/schedule-due';
import type { AnyDb } from '../resources/sql/db';
import { columnOf } from '../resources/sql/select';
import { type PeriodicWorker, startPeriodic } from './periodic';

/** Scheduled transitions are looked at this often: deadlines are minutes at their finest. */
export const SCHEDULE_INTERVAL_MS = 60_000;

/** Who runs a scheduled transition: the system (audit rows without a user; stamps say 系统). */
export const SYSTEM_ACTOR: Actor = { userId: 0, account: 'system', realName: '系统', requestId: 'schedule' };

/** Rows looked at per transition and pass; the next pass takes the rest. */
const BATCH = 200;

/** The transitions of the catalog with a `schedule`, with their resource. */
export function scheduledTransitions(engine: Engine): { r: ResourceDef; t: TransitionDef }[] {
  const out: { r: ResourceDef; t: TransitionDef }[] = [];
  for (const r of engine.catalog.resources.values())
    for (const t of r.states?.transitions ?? []) if (t.schedule) out.push({ r, t });
  return out;
}

/**
 * One pass (docs/schemas.md, scheduled transitions): every row in a `from` state whose `after` time has
 * passed at `now` runs the transition as the system, one transaction per row. The transition locks the
 * row and checks its state, so a row another server (or a user) moved on meanwhile answers 409 and is
 * skipped: it happens once whoever runs the pass.
 */
export async function runSchedulePass(
  engine: Engine,
  now = new Date(),
): Promise<{ ran: number; byResource: Record<string, number> }> {
  let ran = 0;
  // Per resource: a test of one flow counts its own, whatever else is due (coupons, contracts …).
  const byResource: Record<string, number> = {};
  for (const { r, t } of scheduledTransitions(engine)) {
    const f = r.fields[t.schedule!.after]!;
    const col = `t.${columnOf(r.fields, t.schedule!.after)}`;
    // A date is due once its China day is over (or has begun, `at: start`); a date-time once passed.
    const cutoff = dueCutoff(f, t, now);
    const rows = (await (engine.db as AnyDb)
      .selectFrom(`${r.table} as t`)
      .select(`t.${columnOf(r.fields, r.primaryKey)} as id`)
      .where(`t.${columnOf(r.fields, r.states!.field)}`, 'in', t.from)
      .where(col, cutoff.op, cutoff.value)
      // Oldest first, ties by key: rows due together move in a stable order (points lots expire in
      // the order their first-in first-out use takes them).
      .orderBy(col)
      .orderBy(`t.${columnOf(r.fields, r.primaryKey)}`)
      .limit(BATCH)
      .execute()) as { id: unknown }[];
    for (const { id } of rows) {
      // PGlite runs each statement synchronously on this thread and its promises settle as microtasks:
      // without a turn of the event loop between rows, a pass with a backlog (a database started after
      // days off) holds every request for its whole length, the first one after a start included.
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await engine.db
          .transaction()
          .execute((trx) =>
            applyTransition(
              engine,
              trx,
              r,
              t,
              { field: r.primaryKey, value: id },
              {},
              SYSTEM_ACTOR,
              async () => {},
              { system: true },
            ),
          );
        ran += 1;
        byResource[r.name] = (byResource[r.name] ?? 0) + 1;
      } catch (error) {
        // Moved on by someone else since it was read: nothing left to do for this row.
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
    }
  }
  return { ran, byResource };
}

export type ScheduleWorker = PeriodicWorker;

/** One per server: a pass at start, then every interval; a failed pass is logged and tried again. */
export function startScheduleWorker(
  engine: Engine,
  log: FastifyBaseLogger,
  intervalMs = SCHEDULE_INTERVAL_MS,
  firstDelayMs = 0,
): ScheduleWorker {
  const pass = async () => {
    const { ran } = await runSchedulePass(engine);
    if (ran) log.info({ ran }, 'scheduled transitions run');
  };
  return startPeriodic(pass, log, 'schedule pass failed', intervalMs, firstDelayMs);
}
