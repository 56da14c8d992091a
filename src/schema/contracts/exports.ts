import { defineContract } from './define';
import { arr, dateTime, int, nullable, obj, page, paging, str } from './shapes';

/** The data export centre (issue 6; server/routes/export, caller src/host/panels/exports/api.ts). */
const BASE = '/api/v1/export';

/** Rows one export may hold, and the jobs a user may have waiting or running at once. */
export const MAX_EXPORT_ROWS = 100_000;
export const MAX_ACTIVE_JOBS = 3;

export const EXPORT_MSG = {
  unknownPage: '该列表不支持导出',
  busy: `最多同时进行${MAX_ACTIVE_JOBS}个导出任务，请稍后再试`,
  notFound: '导出任务不存在',
  notReady: '导出文件尚未生成',
  linkInvalid: '下载链接已失效，请回到导出中心重新下载',
  tooMany: `导出数据超过${MAX_EXPORT_ROWS}行，请缩小查询范围后再导出`,
  badColumns: '导出列不正确',
  badSort: '不支持按该字段排序',
  cannotCancel: '任务已结束，不能取消',
} as const;

/** Issue 23: the kinds of job the centres list (one job table for all long work). */
export const JOB_KINDS = ['export', 'import', 'batch'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** A row-numbered error of an import: the file's row (the header is row 1), the column's title. */
export const rowError = obj({ row: int, column: str, message: str });

/**
 * Issue 23.4: a batch action over more rows than a page holds (or asked for as a job) runs as a job of
 * kind batch; each row's outcome is kept, a refused row with its Chinese reason.
 */
export const BATCH_SYNC_MAX = 500;
export const MAX_BATCH_ROWS = 10_000;
export const batchRefusal = obj({ id: str, name: str, message: str });
/** A batch job's result: rows done, rows refused, the first refusals (all in its refusals file). */
export const batchResult = obj({ done: int, refusedCount: int, refused: arr(batchRefusal) });

/** Queue an export of a list page over its current filters; the file is made on the server. */
export const exportStart = defineContract({
  method: 'POST',
  path: `${BASE}/jobs`,
  body: {
    type: 'object',
    required: ['page'],
    properties: {
      /** '<app>/<page name>' of schemas/pages, e.g. admin/priceList. */
      page: {
        type: 'string',
        maxLength: 100,
        pattern: '^(admin|dacang)/[a-z][A-Za-z0-9]*$',
        errorMessage: EXPORT_MSG.unknownPage,
      },
      /** The list's current filters, exactly as the list request carries them. */
      filters: { type: ['object', 'null'], errorMessage: '查询条件格式错误' },
      sort: {
        type: 'array',
        maxItems: 3,
        items: {
          type: 'object',
          required: ['field', 'order'],
          properties: {
            field: { type: 'string', maxLength: 60 },
            order: { type: 'string', enum: ['ascend', 'descend'] },
          },
        },
        errorMessage: EXPORT_MSG.badSort,
      },
      /** The columns shown, in order; default: the page's visible columns. */
      columns: {
        type: 'array',
        maxItems: 100,
        items: { type: 'string', maxLength: 60 },
        errorMessage: EXPORT_MSG.badColumns,
      },
    },
    errorMessage: { required: { page: EXPORT_MSG.unknownPage } },
  },
  data: obj({ id: int, title: str, status: int, statusName: str, createTime: dateTime }),
});

/** The caller's own jobs of one kind (default: exports), newest first. */
export const exportJobs = defineContract({
  method: 'GET',
  path: `${BASE}/jobs`,
  query: {
    type: 'object',
    properties: {
      ...paging,
      status: { type: 'integer', enum: [0, 1, 2, 3, 4], errorMessage: '任务状态不正确' },
      kind: { type: 'string', enum: [...JOB_KINDS], default: 'export', errorMessage: '任务类型不正确' },
      /** Only these jobs, comma-separated (a notification following the job it started). */
      ids: {
        type: 'string',
        pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,19}$',
        errorMessage: '任务编号不正确',
      },
    },
  },
  data: page(
    obj({
      id: int,
      title: str,
      /** '<app>/<page name>'. */
      page: str,
      kind: str,
      /** 0 queued, 1 running, 2 done, 3 failed, 4 cancelled. */
      status: int,
      statusName: str,
      /** Items done so far (rows written, rows checked). */
      rowCount: int,
      /** Items the job will handle, once known. */
      total: nullable.int,
      /** What the job produced: counts, and an import's first row errors (all in its errors file). */
      result: {
        anyOf: [{ type: 'null' }, obj({ created: int, errorCount: int, errors: arr(rowError) }), batchResult],
      },
      fileSize: nullable.num,
      fileName: nullable.str,
      error: nullable.str,
      createTime: dateTime,
      startTime: nullable.dateTime,
      finishTime: nullable.dateTime,
    }),
  ),
});

/** Cancels a queued or running job of the caller: a running one stops before its next item. */
export const exportCancel = defineContract({
  method: 'POST',
  path: `${BASE}/jobs/:id/cancel`,
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, errorMessage: EXPORT_MSG.notFound } },
  },
  data: obj({ id: int, status: int, statusName: str }),
});

/** A single-use, one-minute download link of a finished job: the link is the download's credential. */
export const exportLink = defineContract({
  method: 'POST',
  path: `${BASE}/jobs/:id/link`,
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, errorMessage: EXPORT_MSG.notFound } },
  },
  data: obj({ url: str, expiresAt: dateTime }),
});
