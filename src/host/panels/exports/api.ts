import { callContract, newIdempotencyKey } from '@/runtime/request';
import type { BodyOut, DataOf } from '@/schema/contracts/define';
import { exportJobs, exportLink, exportStart } from '@/schema/contracts/exports';

/** The data export centre's calls (issue 6; contracts: src/schema/contracts/exports.ts). */

/** SPEC 2.11: the export centre's page. */
export const EXPORT_CENTER_PATH = '/admin/importExport/exportCenterList';

export type ExportJob = DataOf<typeof exportJobs>['list'][number];
export type ExportRequest = BodyOut<typeof exportStart>;

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

export const fetchJobs = (pageNo: number, pageSize: number) =>
  callContract(exportJobs, { query: { pageNo, pageSize } });

/** A single-use, one-minute download link: the browser follows it, no token in the URL. */
export const fetchLink = (id: number) => callContract(exportLink, { params: { id } });

/** Sizes as the centre shows them: KB under a megabyte, else MB with one decimal. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1048576) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / 1048576).toFixed(1)}MB`;
}
