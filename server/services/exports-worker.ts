import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import { listConditions } from '../resources/handlers/read';
import { listPage } from '../resources/sql/list';
import type { SortItem } from '../../src/schema/types';
import type { ExportCatalog } from './exports-catalog';
import { EXPORT_MSG, exportsDir, JOB_STATUS, MAX_EXPORT_ROWS } from './exports';
import { openSheet } from './exports-xlsx';

/** Rows per list query: small enough that the embedded database answers other requests in between. */
export const EXPORT_BATCH = 500;
/** A running job whose heartbeat is older than this was left by a stopped server: it is started again. */
export const STALE_MS = 60_000;
/** How often an idle worker looks for queued jobs (a new job also wakes it at once). */
const IDLE_POLL_MS = 2_000;

export interface ExportWorker {
  /** Wakes the worker (a job was queued). */
  poke(): void;
  /** Stops after the current batch; the job left running is picked up again on the next start. */
  stop(): Promise<void>;
  /** Resolves once no queued job is left (tests). */
  idle(): Promise<void>;
}

/**
 * One worker per server: takes the oldest queued job (FOR UPDATE SKIP LOCKED, so several servers on one
 * PostgreSQL never take the same job), pages through the resource's list query in batches, streams the
 * rows into the .xlsx, and records the result. Jobs survive a restart: on start, jobs left running by a
 * stopped server (stale heartbeat) are queued again and redone from the first row.
 */
export function startExportWorker(
  db: Database,
  exportCatalog: ExportCatalog,
  dataDir: string,
  log: FastifyBaseLogger,
): ExportWorker {
  let stopping = false;
  let wake: (() => void) | undefined;
  /** Waiters for 'nothing left', each with the number of looks already started when it asked. */
  let idleWaiters: { after: number; resolve: () => void }[] = [];
  let looks = 0;

  const claim = async () => {
    await db
      .updateTable('exportJob')
      .set({ status: JOB_STATUS.queued, startTime: null, heartbeatAt: null })
      .where('status', '=', JOB_STATUS.running)
      .where((eb) =>
        eb.or([eb('heartbeatAt', 'is', null), eb('heartbeatAt', '<', new Date(Date.now() - STALE_MS))]),
      )
      .execute();
    const { rows } = await sql<{ id: number }>`
      update export_job set status = ${JOB_STATUS.running}, start_time = now(), heartbeat_at = now()
      where id = (
        select id from export_job where status = ${JOB_STATUS.queued} order by id
        limit 1 for update skip locked
      )
      returning id`.execute(db);
    return rows[0]?.id;
  };

  const fail = (id: number, reason: string) =>
    db
      .updateTable('exportJob')
      .set({ status: JOB_STATUS.failed, error: reason.slice(0, 300), finishTime: sql`now()` })
      .where('id', '=', id)
      .execute();

  async function run(id: number): Promise<void> {
    const job = await db.selectFrom('exportJob').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const target = exportCatalog.targets.get(job.page);
    if (!target) return void (await fail(id, EXPORT_MSG.unknownPage));
    const { filters, sort } = job.params as { filters: Record<string, unknown>; sort: SortItem[] };
    const fields = job.columns as string[];
    const columns = fields.map((f) => target.columns.find((c) => c.field === f)!).filter(Boolean);
    const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const fileName = `${target.title}_${stamp}_${id}.xlsx`;
    const relativePath = `${randomUUID()}.xlsx`;
    const file = path.join(exportsDir(dataDir), relativePath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const sheet = await openSheet(file, target.title, columns);
    let written = 0;
    // The rows the list showed this user: the same fixed conditions, store and user scope.
    const fixed = await listConditions(db, target.resource, { orgId: job.orgId, userId: job.userId });
    try {
      for (let pageNo = 1; ; pageNo++) {
        if (stopping) throw new Error('stopping');
        const page = await listPage(
          db,
          exportCatalog.catalog,
          target.resource,
          {
            ...filters,
            sort,
            pageNo,
            pageSize: EXPORT_BATCH,
          },
          fixed,
        );
        if (page.total > MAX_EXPORT_ROWS) {
          await sheet.finish().catch(() => undefined);
          await fs.rm(file, { force: true });
          return void (await fail(id, EXPORT_MSG.tooMany));
        }
        sheet.add(page.list);
        written += page.list.length;
        await db
          .updateTable('exportJob')
          .set({ rowCount: written, heartbeatAt: sql`now()` })
          .where('id', '=', id)
          .execute();
        if (page.list.length < EXPORT_BATCH) break;
        // Let waiting requests have the database between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await sheet.finish();
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
    const { size } = await fs.stat(file);
    await db
      .updateTable('exportJob')
      .set({
        status: JOB_STATUS.done,
        rowCount: written,
        fileSize: size,
        fileName,
        relativePath,
        finishTime: sql`now()`,
        heartbeatAt: null,
      })
      .where('id', '=', id)
      .execute();
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let id: number | undefined;
      const look = ++looks;
      try {
        id = await claim();
        if (id !== undefined) await run(id);
      } catch (error) {
        if (stopping) {
          // Stopped mid-job: queue it again so the next start redoes it at once.
          if (id !== undefined)
            await db
              .updateTable('exportJob')
              .set({ status: JOB_STATUS.queued, startTime: null, heartbeatAt: null, rowCount: 0 })
              .where('id', '=', id)
              .execute()
              .catch(() => undefined);
          break;
        }
        log.error({ err: error, jobId: id }, 'export job failed');
        if (id !== undefined) await fail(id, '导出失败，请稍后重试').catch(() => undefined);
      }
      if (id !== undefined) continue;
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
    // Resolves after a look for work that found none, started after this call.
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push({ after: looks, resolve });
        wake?.();
      }),
  };
}
