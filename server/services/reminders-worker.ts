import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../src/schema/types';
import type { Database } from '../db/index';
import { type PeriodicWorker, startPeriodic } from './periodic';
import { runReminderPass } from './reminders';

/** How often the reminders are looked at: the dates are days, an hour is plenty. */
export const REMINDER_INTERVAL_MS = 3_600_000;

export type ReminderWorker = PeriodicWorker;

/**
 * One per server: a reminder pass at start, then every interval. Several servers on one database may
 * all run it: reminder_log lets each reminder out once (reminders.ts).
 */
export function startReminderWorker(
  db: Database,
  catalog: Catalog,
  log: FastifyBaseLogger,
  intervalMs = REMINDER_INTERVAL_MS,
  firstDelayMs = 0,
): ReminderWorker {
  const pass = async () => {
    const { sent } = await runReminderPass(db, catalog);
    if (sent) log.info({ sent }, 'reminders sent');
  };
  return startPeriodic(pass, log, 'reminder pass failed', intervalMs, firstDelayMs);
}
