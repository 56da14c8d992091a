import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicWorker {
  /** Stops the timer and waits for a pass under way (its writes are committed or rolled back whole). */
  stop(): Promise<void>;
}

/**
 * A background pass run once at start, then every interval, one at a time (the next waits for the
 * last); a failed pass is logged and tried again at the next interval. The timers never keep the
 * process alive. Shared by the reminder and the schedule workers.
 */
export function startPeriodic(
  pass: () => Promise<void>,
  log: FastifyBaseLogger,
  failure: string,
  intervalMs: number,
): PeriodicWorker {
  let stopping = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    if (stopping) return;
    running = pass().catch((error: unknown) => {
      if (!stopping) log.error({ err: error }, failure);
    });
  };
  const first = setTimeout(run, 0);
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
