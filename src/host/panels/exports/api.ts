import { callContract, newIdempotencyKey } from '@/runtime/request';
import type { BodyOut, DataOf } from '@/schema/contracts/define';
import { exportCancel, exportJobs, exportLink, exportStart, type JobKind } from '@/schema/contracts/exports';
import { importStart } from '@/schema/contracts/imports';

/** The data export centre's calls (issue 6; contracts: src/schema/contracts/exports.ts). */

/** SPEC 2.11: the export centre's page; the import centre beside it (issue 23.2). */
export const EXPORT_CENTER_PATH = '/admin/importExport/exportCenterList';
export const IMPORT_CENTER_PATH = '/admin/importExport/importCenterList';
/** Batch actions run as jobs (issue 23.4): each row's outcome. */
export const BATCH_CENTER_PATH = '/admin/importExport/batchCenterList';
export const CENTER_PATH: Record<JobKind, string> = {
  export: EXPORT_CENTER_PATH,
  import: IMPORT_CENTER_PATH,
  batch: BATCH_CENTER_PATH,
};

export type ExportJob = DataOf<typeof exportJobs>['list'][number];
type Result = NonNullable<ExportJob['result']>;
/** An import's result (row errors), or undefined for another kind's. */
export const importResult = (job: ExportJob) =>
  job.result && 'errors' in job.result ? (job.result as Extract<Result, { errors: unknown }>) : undefined;
/** A batch job's result (rows done, rows refused and why), or undefined for another kind's. */
export const batchResult = (job: ExportJob) =>
  job.result && 'refused' in job.result ? (job.result as Extract<Result, { refused: unknown }>) : undefined;
export type ExportRequest = BodyOut<typeof exportStart>;
export type ImportRequest = BodyOut<typeof importStart>;

/** Said on window when an export was queued: an open export centre reloads its list. */
export const EXPORT_STARTED = 'fresh:export-started';

/**
 * Starts an export of a list over its current filters; the file is made on the server. One key per
 * click (the default), so a retry of the same click queues one job.
 */
export async function startExport(req: ExportRequest, key = newIdempotencyKey()) {
  const job = await callContract(exportStart, { body: req }, { idempotencyKey: key });
  window.dispatchEvent(new Event(EXPORT_STARTED));
  return job;
}

/** Queues an import of a file through a list page's import action (issue 23.3). */
export async function startImport(req: ImportRequest, key = newIdempotencyKey()) {
  const job = await callContract(importStart, { body: req }, { idempotencyKey: key });
  window.dispatchEvent(new Event(EXPORT_STARTED));
  return job;
}

export const fetchJobs = (pageNo: number, pageSize: number, kind: JobKind = 'export', ids?: number[]) =>
  callContract(exportJobs, {
    query: { pageNo, pageSize, kind, ...(ids?.length ? { ids: ids.join(',') } : {}) },
  });

/** Cancels a waiting or running job: a running one stops before its next item. */
export const cancelJob = (id: number) => callContract(exportCancel, { params: { id } });

/** Whether a job has not finished yet (queued or running): the centres poll while one has not. */
export const isActive = (job: Pick<ExportJob, 'status'>) => job.status === 0 || job.status === 1;

/**
 * Progress as the bar shows it: the percentage of items done, and the time left estimated from the
 * pace so far (undefined until the first items are done).
 */
export function jobProgress(
  job: Pick<ExportJob, 'status' | 'rowCount' | 'total' | 'startTime'>,
  now = Date.now(),
) {
  if (job.status === 2) return { percent: 100, secondsLeft: 0 };
  const total = job.total ?? 0;
  const percent = total > 0 ? Math.min(99, Math.floor((job.rowCount / total) * 100)) : 0;
  const started = job.startTime ? new Date(job.startTime).getTime() : undefined;
  const secondsLeft =
    started !== undefined && job.rowCount > 0 && total > job.rowCount
      ? Math.ceil((((now - started) / job.rowCount) * (total - job.rowCount)) / 1000)
      : undefined;
  return { percent, secondsLeft };
}

/** A single-use, one-minute download link: the browser follows it, no token in the URL. */
export const fetchLink = (id: number) => callContract(exportLink, { params: { id } });

/** Sizes as the centre shows them: KB under a megabyte, else MB with one decimal. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1048576) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / 1048576).toFixed(1)}MB`;
}
