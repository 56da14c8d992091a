import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import type { ExportJobTable } from '../db/schema';
import { JOB_STATUS } from './jobs';

/** A running job whose heartbeat is older than this was left by a stopped or crashed server. */
export const STALE_MS = 60_000;
/** Progress and heartbeat are written at least this often while a job runs (issue 23.1). */
export const PROGRESS_MS = 1_000;
/** How often an idle worker looks for queued jobs (a new job also wakes it at once). */
const IDLE_POLL_MS = 2_000;

/** Thrown out of a runner when its job was cancelled (or taken over) while it ran. */
export class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
  }
}

export type JobRow = { [K in keyof ExportJobTable]: unknown } & {
  id: number;
  userId: number;
  orgId: number | null;
  params: unknown;
  columns: unknown;
};

/** What a runner gets besides its job: progress reporting that also tells it to stop. */
export interface JobContext {
  /**
   * Items done (and the total once known). Cheap to call per item: written at most every
   * PROGRESS_MS (and at once when `flush`). Throws JobCancelled when the job is no longer this
   * worker's (cancelled by its owner, or recovered by another server), so the runner stops between items.
   */
  progress(done: number, total?: number, flush?: boolean): Promise<void>;
  /**
   * Throws JobCancelled when the job was cancelled; for a runner about to commit its work. Inside a
   * transaction pass it (`via`): the embedded database has one connection, which the transaction holds.
   */
  check(via?: Database): Promise<void>;
  /** True once the server is stopping. */
  stopping(): boolean;
  /**
   * Records one item's work inside its own transaction (`via`): items done and the result so far,
   * conditioned on the job still being this worker's. Throws JobCancelled otherwise, so the item's
   * transaction rolls back: a runner whose items commit one by one (a batch) keeps exactly what it
   * did, and a recovered job resumes after the last item recorded.
   */
  record(via: Database, done: number, result: unknown): Promise<void>;
}

/** What a finished runner records. */
export interface JobOutcome {
  status: typeof JOB_STATUS.done | typeof JOB_STATUS.failed;
  rowCount: number;
  result?: unknown;
  error?: string;
  file?: { fileName: string; relativePath: string; fileSize: number };
}

export type JobRunner = (job: JobRow, ctx: JobContext) => Promise<JobOutcome>;

export interface JobWorker {
  /** Wakes the worker (a job was queued). */
  poke(): void;
  /** Stops after the current item; the job left running is queued again for the next start. */
  stop(): Promise<void>;
  /** Resolves once no queued job is left (tests). */
  idle(): Promise<void>;
}

export interface JobWorkerOptions {
  /** Tests shorten the time after which a silent job counts as abandoned. */
  staleMs?: number;
  /** The message of a job whose runner threw. */
  failure: string;
}

/**
 * One worker per kind and server (issue 23.1): takes the oldest queued job of its kind (FOR UPDATE SKIP
 * LOCKED, so several servers on one PostgreSQL never take the same job), runs it, and records the
 * outcome. Every write of a running job is conditioned on it still being running and this worker's
 * claim (a token it wrote when it took the job): a cancelled job, or one another server recovered after this one stalled, is
 * never overwritten. Jobs of a crashed server (heartbeat older than staleMs) are queued again and redone
 * from the start: a runner's work is all or nothing (a file, or one transaction), or recorded item by
 * item with the item's own commit (`record`, a batch), which the next run reads from the job's result.
 */
export function startJobWorker(
  db: Database,
  kind: string,
  runner: JobRunner,
  log: FastifyBaseLogger,
  options: JobWorkerOptions,
): JobWorker {
  const staleMs = options.staleMs ?? STALE_MS;
  let stopping = false;
  let wake: (() => void) | undefined;
  let idleWaiters: { after: number; resolve: () => void }[] = [];
  let looks = 0;

  const claim = async () => {
    await db
      .updateTable('exportJob')
      .set({ status: JOB_STATUS.queued, startTime: null, heartbeatAt: null, rowCount: 0 })
      .where('kind', '=', kind)
      .where('status', '=', JOB_STATUS.running)
      .where((eb) =>
        eb.or([eb('heartbeatAt', 'is', null), eb('heartbeatAt', '<', new Date(Date.now() - staleMs))]),
      )
      .execute();
    const token = randomUUID();
    const { rows } = await sql<{ id: number }>`
      update export_job set status = ${JOB_STATUS.running}, start_time = now(), heartbeat_at = now(),
        row_count = 0, total = null, claim = ${token}
      where id = (
        select id from export_job where kind = ${kind} and status = ${JOB_STATUS.queued} order by id
        limit 1 for update skip locked
      )
      returning id`.execute(db);
    return rows[0] ? { id: rows[0].id, token } : undefined;
  };

  /** The job as claimed: running, under this worker's token. */
  const mine = (id: number, token: string) =>
    db
      .updateTable('exportJob')
      .where('id', '=', id)
      .where('status', '=', JOB_STATUS.running)
      .where('claim', '=', token);

  async function run(id: number, token: string): Promise<void> {
    const job = (await db
      .selectFrom('exportJob')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as JobRow;
    let last = 0;
    let pending: { done: number; total?: number } | undefined;
    const write = async (done?: number, total?: number) => {
      const hit = await mine(id, token)
        .set({
          heartbeatAt: sql`now()`,
          ...(done !== undefined ? { rowCount: done } : {}),
          ...(total !== undefined ? { total } : {}),
        })
        .returning('id')
        .executeTakeFirst();
      last = Date.now();
      if (!hit) throw new JobCancelled();
    };
    // The heartbeat goes on while a runner is busy inside one item (a long query, a large commit).
    const beat = setInterval(() => {
      const p = pending;
      pending = undefined;
      void (p ? write(p.done, p.total) : write()).catch(() => undefined);
    }, PROGRESS_MS);
    const ctx: JobContext = {
      progress: async (done, total, flush) => {
        if (stopping) throw new JobCancelled();
        pending = { done, total };
        if (flush || Date.now() - last >= PROGRESS_MS) {
          pending = undefined;
          await write(done, total);
        }
      },
      check: async (via = db) => {
        const row = await via
          .selectFrom('exportJob')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', JOB_STATUS.running)
          .where('claim', '=', token)
          .executeTakeFirst();
        if (!row || stopping) throw new JobCancelled();
      },
      stopping: () => stopping,
      record: async (via, done, result) => {
        if (stopping) throw new JobCancelled();
        const hit = await via
          .updateTable('exportJob')
          .set({ rowCount: done, result: JSON.stringify(result), heartbeatAt: sql`now()` })
          .where('id', '=', id)
          .where('status', '=', JOB_STATUS.running)
          .where('claim', '=', token)
          .returning('id')
          .executeTakeFirst();
        if (!hit) throw new JobCancelled();
        pending = undefined;
        last = Date.now();
      },
    };
    let outcome: JobOutcome;
    try {
      outcome = await runner(job, ctx);
    } finally {
      clearInterval(beat);
    }
    await mine(id, token)
      .set({
        status: outcome.status,
        rowCount: outcome.rowCount,
        result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
        error: outcome.error?.slice(0, 300) ?? null,
        ...(outcome.file ?? {}),
        finishTime: sql`now()`,
        heartbeatAt: null,
      })
      .execute();
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let claimed: { id: number; token: string } | undefined;
      const look = ++looks;
      try {
        claimed = await claim();
        if (claimed) await run(claimed.id, claimed.token);
      } catch (error) {
        if (claimed && stopping) {
          // Stopped mid-job: queue it again so the next start redoes it at once.
          await mine(claimed.id, claimed.token)
            .set({ status: JOB_STATUS.queued, startTime: null, heartbeatAt: null, rowCount: 0 })
            .execute()
            .catch(() => undefined);
          break;
        }
        if (!(error instanceof JobCancelled)) {
          log.error({ err: error, jobId: claimed?.id }, `${kind} job failed`);
          if (claimed)
            await mine(claimed.id, claimed.token)
              .set({
                status: JOB_STATUS.failed,
                error: options.failure,
                finishTime: sql`now()`,
                heartbeatAt: null,
              })
              .execute()
              .catch(() => undefined);
        }
      }
      if (claimed) continue;
      for (const w of idleWaiters) if (look > w.after) w.resolve();
      idleWaiters = idleWaiters.filter((w) => look <= w.after);
      await Promise.race([
        sleep(IDLE_POLL_MS, undefined, { ref: false }),
        new Promise<void>((resolve) => {
          wake = resolve;
        }),
      ]);
      wake = undefined;
    }
  }

  const done = loop();
  return {
    poke: () => wake?.(),
    stop: async () => {
      stopping = true;
      wake?.();
      await done;
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push({ after: looks, resolve });
        wake?.();
      }),
  };
}
