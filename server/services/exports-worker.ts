import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index';
import { listConditions } from '../resources/handlers/read';
import { maskForReader } from '../resources/masking';
import { listPage } from '../resources/sql/list';
import type { SortItem } from '../../src/schema/types';
import type { ExportCatalog } from './exports-catalog';
import { EXPORT_MSG, exportsDir, JOB_STATUS, MAX_EXPORT_ROWS } from './exports';
import { openSheet } from './exports-xlsx';
import { type JobRunner, type JobWorker, startJobWorker } from './jobs-worker';

/** Rows per list query: small enough that the embedded database answers other requests in between. */
export const EXPORT_BATCH = 500;

export type ExportWorker = JobWorker;

/**
 * The export runner on the job worker (jobs-worker.ts): pages through the resource's list query in
 * batches, streams the rows into the .xlsx and reports the rows written of the list's total after each
 * batch; a cancelled or interrupted export removes its partial file.
 */
export function startExportWorker(
  db: Database,
  exportCatalog: ExportCatalog,
  dataDir: string,
  log: FastifyBaseLogger,
  options: { staleMs?: number; batchPauseMs?: number } = {},
): ExportWorker {
  const runner: JobRunner = async (job, ctx) => {
    const id = job.id;
    const target = exportCatalog.targets.get(job.page as string);
    if (!target) return { status: JOB_STATUS.failed, rowCount: 0, error: EXPORT_MSG.unknownPage };
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
        const page = await listPage(
          db,
          exportCatalog.catalog,
          target.resource,
          { ...filters, sort, pageNo, pageSize: EXPORT_BATCH },
          fixed,
        );
        if (page.total > MAX_EXPORT_ROWS) {
          await sheet.finish().catch(() => undefined);
          await fs.rm(file, { force: true });
          return { status: JOB_STATUS.failed, rowCount: 0, error: EXPORT_MSG.tooMany };
        }
        // Masked personal data: as the list showed it to this user (masking.ts); a full export is logged.
        const reader = { userId: job.userId as number | null, orgId: job.orgId as number | null };
        sheet.add(await maskForReader(db, target.resource, reader, page.list));
        written += page.list.length;
        await ctx.progress(written, page.total, pageNo === 1);
        if (page.list.length < EXPORT_BATCH) break;
        // Let waiting requests have the database between batches (longer when the server is told to).
        if (options.batchPauseMs) await sleep(options.batchPauseMs);
        else await new Promise((resolve) => setImmediate(resolve));
      }
      await sheet.finish();
      await ctx.check();
    } catch (error) {
      await sheet.finish().catch(() => undefined);
      await fs.rm(file, { force: true });
      throw error;
    }
    const { size } = await fs.stat(file);
    return {
      status: JOB_STATUS.done,
      rowCount: written,
      file: { fileName, relativePath, fileSize: size },
    };
  };
  return startJobWorker(db, 'export', runner, log, {
    staleMs: options.staleMs,
    failure: '导出失败，请稍后重试',
  });
}
