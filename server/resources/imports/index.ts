import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { importsDir, JOB_STATUS, statusName } from '../../services/jobs';
import { type JobWorker, startJobWorker } from '../../services/jobs-worker';
import { permissionKeys } from '../../services/session';
import { MAX_ACTIVE_JOBS } from '../../../src/schema/contracts/exports';
import { IMPORT_MSG, importStart, MAX_IMPORT_BYTES } from '../../../src/schema/contracts/imports';
import type { Engine } from '../context';
import { loadImportTargets } from './catalog';
import { importRunner } from './runner';

/**
 * Imports through jobs (issue 23.3): POST /api/v1/import/jobs queues a file for a page's import action
 * (the page's create permission, the same limit of active jobs as exports); the import worker runs it
 * (runner.ts) and the import centre lists it like an export (server/routes/export, kind import).
 * Registered inside the resource plugin: the runner writes through the engine and validates with its Ajv.
 */
export function registerImports(app: FastifyInstance, engine: Engine, bodyAjv: Ajv): void {
  const targets = loadImportTargets(engine.catalog);
  if (!targets.size) return;
  const dataDir = app.config.dataDir;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker(engine.db, 'import', importRunner(engine, bodyAjv, targets, dataDir), app.log, {
      failure: IMPORT_MSG.failed,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  contractRoute(
    app,
    importStart,
  )({
    // The file travels as base64 in the signed JSON body.
    bodyLimit: Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + 64 * 1024,
    handler: async (request) => {
      const { userId, orgId } = request.auth!;
      const { page, fileName, content } = request.body;
      const t = targets.get(page);
      if (!t) throw ApiError.badRequest(IMPORT_MSG.unknownPage);
      const held = await permissionKeys(engine.db, userId, orgId);
      if (!t.permission.some((p) => held.has(p))) throw ApiError.forbidden();
      const bytes = Buffer.from(content, 'base64');
      if (bytes.length > MAX_IMPORT_BYTES) throw ApiError.badRequest(IMPORT_MSG.tooLarge);
      const file = `${randomUUID()}${path.extname(fileName).toLowerCase()}`;
      await fs.mkdir(importsDir(dataDir), { recursive: true });
      await fs.writeFile(path.join(importsDir(dataDir), file), bytes);
      const job = await engine.db
        .transaction()
        .execute(async (trx) => {
          // Serialise a user's job creation so two quick clicks cannot both pass the limit.
          await sql`select pg_advisory_xact_lock(${7_400_000 + userId})`.execute(trx);
          const { active } = await trx
            .selectFrom('exportJob')
            .select(sql<number>`count(*)::int`.as('active'))
            .where('userId', '=', userId)
            .where('kind', '=', 'import')
            .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
            .executeTakeFirstOrThrow();
          if (active >= MAX_ACTIVE_JOBS)
            throw ApiError.tooMany(`最多同时进行${MAX_ACTIVE_JOBS}个导入任务，请稍后再试`);
          return trx
            .insertInto('exportJob')
            .values({
              kind: 'import',
              userId,
              orgId,
              page,
              resource: t.resource.name,
              title: `${t.title}：${fileName}`.slice(0, 100),
              params: JSON.stringify({ file, fileName }),
            })
            .returning(['id', 'status', 'title', 'createTime'])
            .executeTakeFirstOrThrow();
        })
        .catch(async (error: unknown) => {
          await fs.rm(path.join(importsDir(dataDir), file), { force: true });
          throw error;
        });
      worker?.poke();
      return { ...job, statusName: statusName('import', job.status) };
    },
  });
}
