import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/index';
import { listConditions } from '../resources/handlers/read';
import { maskForReader } from '../resources/masking';
import { listKeys, rowsByKeys } from '../resources/sql/list';
import type { SortItem } from '../../src/schema/types';
import type { ExportCatalog } from './exports-catalog';
import { EXPORT_MSG, exportsDir, JOB_STATUS, MAX_EXPORT_ROWS } from './exports';
import { openSheet } from './exports-xlsx';
import { type JobRunner, type JobWorker, startJobWorker } from './jobs-worker';

/** Rows per list query: small enough that the embedded database answers other requests in between. */
export const EXPORT_BATCH = 500;

export type ExportWorker = JobWorker;

/**
 * The export runner on the job worker (jobs-worker.ts): reads the keys of the rows the list matches
 * in its order once (sql/list.ts listKeys), then the rows by key in batches, streams them into the
 * .xlsx and reports the rows written of the total after each batch; a cancelled or interrupted export
 * removes its partial file.
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
      // The matching rows' keys in the list's order, once (one more than the limit tells too many).
      const { catalog } = exportCatalog;
      const keys = await listKeys(
        db,
        catalog,
        target.resource,
        { ...filters, sort },
        fixed,
        MAX_EXPORT_ROWS + 1,
      );
      if (keys.length > MAX_EXPORT_ROWS) {
        await sheet.finish().catch(() => undefined);
        await fs.rm(file, { force: true });
        return { status: JOB_STATUS.failed, rowCount: 0, error: EXPORT_MSG.tooMany };
      }
      // Masked personal data: as the list showed it to this user (masking.ts); a full export is logged.
      const reader = { userId: job.userId as number | null, orgId: job.orgId as number | null };
      for (let at = 0; ; at += EXPORT_BATCH) {
        // A row deleted since the keys were read is left out; one changed is written as it is now.
        const rows = await rowsByKeys(db, target.resource, keys.slice(at, at + EXPORT_BATCH));
        sheet.add(await maskForReader(db, target.resource, reader, rows));
        written += rows.length;
        await ctx.progress(written, keys.length, at === 0);
        if (at + EXPORT_BATCH >= keys.length) break;
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
