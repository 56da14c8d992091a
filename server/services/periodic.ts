import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicWorker {
  /** Stops the timer and waits for a pass under way (its writes are committed or rolled back whole). */
  stop(): Promise<void>;
}

/**
 * A background pass run once at start (after `firstDelayMs`), then every interval, one at a time (the next waits for the
 * last); a failed pass is logged and tried again at the next interval. The timers never keep the
 * process alive. Shared by the reminder and the schedule workers.
 */
export function startPeriodic(
  pass: () => Promise<void>,
  log: FastifyBaseLogger,
  failure: string,
  intervalMs: number,
  /** The first pass waits this long (0: at once). */
  firstDelayMs = 0,
): PeriodicWorker {
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    if (stopping) return;
    running = pass().catch((error: unknown) => {
      if (!stopping) log.error({ err: error }, failure);
    });
  };
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(() => void running.then(run), intervalMs);
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
