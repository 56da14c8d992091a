import type { FastifyBaseLogger } from 'fastify';
import type { Catalog } from '../../src/schema/types';
import type { Database } from '../db/index';
import { runReminderPass } from './reminders';

/** How often the reminders are looked at: the dates are days, an hour is plenty. */
export const REMINDER_INTERVAL_MS = 3_600_000;

export interface ReminderWorker {
  /** Stops the timer and waits for a pass under way (its messages are written or rolled back whole). */
  stop(): Promise<void>;
}

/**
 * One per server: a reminder pass at start, then every interval. Several servers on one database may
 * all run it: reminder_log lets each reminder out once (reminders.ts). A failed pass is logged and
 * tried again at the next interval.
 */
export function startReminderWorker(
  db: Database,
  catalog: Catalog,
  log: FastifyBaseLogger,
  intervalMs = REMINDER_INTERVAL_MS,
): ReminderWorker {
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    if (stopping) return;
    running = runReminderPass(db, catalog)
      .then(({ sent }) => {
        if (sent) log.info({ sent }, 'reminders sent');
      })
      .catch((error: unknown) => {
        if (!stopping) log.error({ err: error }, 'reminder pass failed');
      });
  };
  const first = setTimeout(pass, 0);
  const timer = setInterval(() => void running.then(pass), intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
