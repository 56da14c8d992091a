import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../http/envelope';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import {
  type CreateJobInput,
  createJob,
  createTicket,
  DOWNLOAD_PATH,
  EXPORT_MSG,
  listJobs,
  redeemTicket,
} from '../../services/exports';
import { loadExportCatalog } from '../../services/exports-catalog';
import { type ExportWorker, startExportWorker } from '../../services/exports-worker';

const BASE = '/api/v1/export';

const createBody = {
  type: 'object',
  required: ['page'],
  properties: {
    page: {
      type: 'string',
      maxLength: 100,
      pattern: '^(admin|dacang)/[a-z][A-Za-z0-9]*$',
      errorMessage: EXPORT_MSG.unknownPage,
    },
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
    columns: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', maxLength: 60 },
      errorMessage: EXPORT_MSG.badColumns,
    },
  },
  errorMessage: { required: { page: EXPORT_MSG.unknownPage } },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    pageNo: { type: 'integer', minimum: 1, default: 1, errorMessage: '页码必须是正整数' },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 20,
      errorMessage: '每页条数必须是 1 到 500 的整数',
    },
    status: { type: 'integer', enum: [0, 1, 2, 3], errorMessage: '任务状态不正确' },
  },
} as const;

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: EXPORT_MSG.notFound } },
} as const;

/**
 * The data export centre (issue 6): queue an export of a list page over its filters, list my jobs, get a
 * single-use download link, and download through it. The link is the only credential of the download
 * (no token in a URL); it works once and for a minute. Pinned by tests/server/panels-exports.test.ts.
 */
export default async function exportRoutes(app: FastifyInstance) {
  const exportCatalog = loadExportCatalog();
  let worker: ExportWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startExportWorker(app.db, exportCatalog, app.config.dataDir, app.log);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  app.post<{ Body: CreateJobInput }>(`${BASE}/jobs`, { schema: { body: createBody } }, async (request) => {
    const job = await createJob(app.db, exportCatalog, request.auth!.userId, {
      ...request.body,
      filters: request.body.filters ?? {},
    });
    worker?.poke();
    return ok(job);
  });

  app.get<{ Querystring: { pageNo: number; pageSize: number; status?: number } }>(
    `${BASE}/jobs`,
    { schema: { querystring: listQuery } },
    async (request) => ok(await listJobs(app.db, request.auth!.userId, request.query)),
  );

  app.post<{ Params: { id: number } }>(
    `${BASE}/jobs/:id/link`,
    { schema: { params: idParam } },
    async (request) => ok(await createTicket(app.db, request.auth!.userId, request.params.id)),
  );

  // The ticket is the credential: no session, no signature (a browser navigation cannot sign).
  app.get<{ Params: { ticket: string } }>(
    `${DOWNLOAD_PATH}/:ticket`,
    { config: BROWSER_ROUTE },
    async (request, reply) => {
      const found = await redeemTicket(app.db, app.config.dataDir, request.params.ticket);
      if (!found) return reply.status(410).send(fail('E0410', EXPORT_MSG.linkInvalid));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-length', found.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.fileName)}`)
        .header('cache-control', 'no-store')
        .send(createReadStream(found.file));
    },
  );
}
