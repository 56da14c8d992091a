import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/exports';
import { contractRoute } from '../../http/contract-route';
import { fail } from '../../http/envelope';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import { createJob, EXPORT_MSG } from '../../services/exports';
import { cancelJob, createTicket, DOWNLOAD_PATH, listJobs, redeemTicket } from '../../services/jobs';
import { lazyExportCatalog } from '../../services/exports-catalog';
import { type ExportWorker, startExportWorker } from '../../services/exports-worker';

/**
 * The data export centre (issue 6): queue an export of a list page over its filters, list my jobs (of
 * any kind: exports, imports; issue 23), cancel one, get a single-use download link of a job's file, and
 * download through it. The link is the only credential of the download
 * (no token in a URL); it works once and for a minute. Contracts: src/schema/contracts/exports.ts.
 * Pinned by tests/server/panels-exports.test.ts.
 */
export default async function exportRoutes(app: FastifyInstance) {
  const exportCatalog = lazyExportCatalog();
  let worker: ExportWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startExportWorker(app.db, exportCatalog, app.config.dataDir, app.log, {
      batchPauseMs: app.config.jobBatchPauseMs,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  contractRoute(
    app,
    c.exportStart,
  )({
    handler: async (request) => {
      const caller = { ...request.auth!, requestId: String(request.id) };
      const job = await createJob(app.db, exportCatalog, caller, {
        ...request.body,
        filters: request.body.filters ?? {},
      });
      worker?.poke();
      return job;
    },
  });

  contractRoute(
    app,
    c.exportJobs,
  )({
    handler: (request) => listJobs(app.db, request.auth!.userId, request.query),
  });

  contractRoute(
    app,
    c.exportCancel,
  )({
    handler: (request) => cancelJob(app.db, request.auth!.userId, request.params.id),
  });

  contractRoute(
    app,
    c.exportLink,
  )({
    handler: (request) => createTicket(app.db, request.auth!.userId, request.params.id),
  });

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
