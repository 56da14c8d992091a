import { api, newIdempotencyKey } from '@/runtime/request';

/** The data export centre's calls (issue 6; server/routes/export). */
const BASE = '/api/v1/export';

/** SPEC 2.11: the export centre's page. */
export const EXPORT_CENTER_PATH = '/admin/importExport/exportCenterList';

export interface ExportJob {
  id: number;
  title: string;
  page: string;
  /** 0 queued, 1 running, 2 done, 3 failed. */
  status: number;
  statusName: string;
  rowCount: number;
  fileSize: number | null;
  fileName: string | null;
  error: string | null;
  createTime: string;
  startTime: string | null;
  finishTime: string | null;
}

export interface ExportRequest {
  /** '<app>/<page name>' of schemas/pages, e.g. admin/priceList. */
  page: string;
  /** The list's current filters, exactly as the list request carries them. */
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'ascend' | 'descend' }[];
  /** The columns shown, in order; default: the page's visible columns. */
  columns?: string[];
}

/** Said on window when an export was queued: an open export centre reloads its list. */
export const EXPORT_STARTED = 'fresh:export-started';

/**
 * Starts an export of a list over its current filters; the file is made on the server. One key per
 * click (the default), so a retry of the same click queues one job.
 */
export async function startExport(req: ExportRequest, key = newIdempotencyKey()): Promise<ExportJob> {
  const job = await api.post<ExportJob>(`${BASE}/jobs`, req, { idempotencyKey: key });
  window.dispatchEvent(new Event(EXPORT_STARTED));
  return job;
}

export const fetchJobs = (pageNo: number, pageSize: number) =>
  api.get<{ list: ExportJob[]; total: number }>(`${BASE}/jobs`, { pageNo, pageSize });

/** A single-use, one-minute download link: the browser follows it, no token in the URL. */
export const fetchLink = (id: number) => api.post<{ url: string }>(`${BASE}/jobs/${id}/link`);

/** Sizes as the centre shows them: KB under a megabyte, else MB with one decimal. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1048576) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / 1048576).toFixed(1)}MB`;
}
