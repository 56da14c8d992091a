import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { exportsDir, JOB_STATUS, statusName } from '../services/jobs';
import {
  type JobContext,
  JobCancelled,
  type JobOutcome,
  type JobRow,
  type JobWorker,
  startJobWorker,
} from '../services/jobs-worker';
import { MAX_ACTIVE_JOBS } from '../../src/schema/contracts/exports';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import { type Actor, type Engine, loadActor } from './context';
import { assertInScope } from './handlers/read';
import { applyTransition, authorizer } from './handlers/transition';
import { constraintError } from './handlers/write';
import { findRow } from './rows';
import { dynamic } from './sql/db';

/** What a batch job was asked: the transition, the rows (in the order sent) and its input. */
export interface BatchParams {
  action: string;
  ids: unknown[];
  input: Record<string, unknown>;
}

/** One refused row: its key, its name as the list shows it, and the reason (the 409/404/401 message). */
export interface BatchRefusal {
  id: string;
  name: string;
  message: string;
}

/** A batch job's result; while it runs, `next` is the index of the first row not yet handled. */
export interface BatchResult {
  done: number;
  refusedCount: number;
  refused: BatchRefusal[];
  next?: number;
}

/** The refusals a centre row carries; all of them are in the refusals file. */
const SHOWN_REFUSALS = 50;

const BATCH_FAILED = '批量操作失败，请稍后重试';

/** The refusals file: one line per refused row, in the order the rows were sent. */
async function writeRefusals(dataDir: string, title: string, id: number, refused: BatchRefusal[]) {
  // Loaded when a file is read or written, not with the server (issue 21.5: start-up).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet('未执行');
  ws.columns = [
    { header: '编号', key: 'id', width: 14 },
    { header: '名称', key: 'name', width: 30 },
    { header: '原因', key: 'message', width: 70 },
  ];
  for (const e of refused) ws.addRow(e);
  const relativePath = `${randomUUID()}.xlsx`;
  const file = path.join(exportsDir(dataDir), relativePath);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await wb.xlsx.writeFile(file);
  const { size } = await fs.stat(file);
  return { fileName: `${title}_未执行_${id}.xlsx`.slice(0, 200), relativePath, fileSize: size };
}

/** The name of a row as a refusal shows it: its display field (a code), or '' when it is not there. */
async function nameOf(engine: Engine, r: ResourceDef, id: unknown): Promise<string> {
  const row = await findRow(engine.db, r, r.primaryKey, id).catch(() => undefined);
  const v = row?.[r.displayField ?? r.primaryKey];
  return v === undefined || v === null ? '' : String(v);
}

/**
 * The batch runner (issue 23.4): each row moves in its own transaction through the same engine path as
 * a single transition (permission, the caller's store and user scope, state check, stock moves,
 * approvals, audit). A refused row is kept with its Chinese reason and the batch goes on. The row's
 * outcome is recorded in the job inside the row's transaction, so a cancel stops between rows (the row
 * under way rolls back) and a recovered job resumes after the last recorded row.
 */
export function batchRunner(engine: Engine, dataDir: string) {
  return async (job: JobRow, ctx: JobContext): Promise<JobOutcome> => {
    const r = engine.catalog.resources.get(job.resource as string);
    const params = job.params as BatchParams;
    const t = r?.states?.transitions.find((x) => x.name === params.action);
    if (!r || !t) return { status: JOB_STATUS.failed, rowCount: 0, error: BATCH_FAILED };
    const user = await engine.db
      .selectFrom('appUser')
      .select('account')
      .where('id', '=', job.userId)
      .executeTakeFirst();
    if (!user) return { status: JOB_STATUS.failed, rowCount: 0, error: BATCH_FAILED };
    const actor = await loadActor(
      engine.db,
      { userId: job.userId, account: user.account, orgId: job.orgId },
      `batch-${job.id}`,
    );
    // The codes are read when the job runs: a permission taken away meanwhile refuses every row.
    const authorize = await authorizer(engine, actor);
    const caller = { orgId: job.orgId, userId: job.userId };
    const total = params.ids.length;
    // What an earlier run of this job (a stopped or crashed server) already recorded.
    const earlier = job.result as BatchResult | null;
    const result: BatchResult = {
      done: earlier?.done ?? 0,
      refusedCount: earlier?.refusedCount ?? 0,
      refused: earlier?.refused ?? [],
      next: earlier?.next ?? 0,
    };
    await ctx.progress(result.next!, total, true);
    for (let i = result.next!; i < total; i++) {
      // Let waiting requests have the database between rows (the embedded one has one connection).
      await new Promise((resolve) => setImmediate(resolve));
      const id = params.ids[i];
      let refusal: string | undefined;
      try {
        await runRow(engine, r, t, id, params.input, actor, authorize, caller, ctx, i + 1, {
          ...result,
          done: result.done + 1,
          next: i + 1,
        });
      } catch (error) {
        if (error instanceof JobCancelled) throw error;
        refusal = refusalOf(r, error);
        if (refusal === undefined) throw error;
      }
      if (refusal === undefined) {
        result.done++;
        result.next = i + 1;
        continue;
      }
      result.refused.push({ id: String(id), name: await nameOf(engine, r, id), message: refusal });
      result.refusedCount++;
      result.next = i + 1;
      // The refusal is recorded on its own (the row's transaction rolled back).
      await dynamic(engine.db)
        .transaction()
        .execute((trx) => ctx.record(trx as never, i + 1, result));
    }
    const outcome = {
      done: result.done,
      refusedCount: result.refusedCount,
      refused: result.refused.slice(0, SHOWN_REFUSALS),
    };
    return {
      status: JOB_STATUS.done,
      rowCount: total,
      result: outcome,
      ...(result.refused.length
        ? { file: await writeRefusals(dataDir, job.title as string, job.id, result.refused) }
        : {}),
    };
  };
}

/** One row: the caller's scope, then the transition and the job's record in one transaction. */
async function runRow(
  engine: Engine,
  r: ResourceDef,
  t: TransitionDef,
  id: unknown,
  input: Record<string, unknown>,
  actor: Actor,
  authorize: Awaited<ReturnType<typeof authorizer>>,
  caller: { orgId: number | null; userId: number },
  ctx: JobContext,
  done: number,
  result: BatchResult,
) {
  await assertInScope(engine, r, r.primaryKey, id, caller);
  await dynamic(engine.db)
    .transaction()
    .execute(async (trx) => {
      await applyTransition(engine, trx, r, t, { field: r.primaryKey, value: id }, input, actor, authorize);
      await ctx.record(trx as never, done, result);
    });
}

/** The Chinese reason a row was refused, or undefined for an unexpected error (the job fails). */
function refusalOf(r: ResourceDef, error: unknown): string | undefined {
  const e = constraintError(r, error);
  return e instanceof ApiError ? e.message : undefined;
}

export interface BatchJobs {
  /** Queues a batch job of the caller; answers the job as the centres list it. */
  queue(
    r: ResourceDef,
    t: TransitionDef,
    ids: unknown[],
    input: Record<string, unknown>,
    auth: { userId: number; orgId?: number | null },
  ): Promise<{ id: number; title: string; status: number; statusName: string; createTime: Date }>;
}

/** The batch job worker (one per server) and the queue the batch endpoints hand long batches to. */
export function registerBatchJobs(app: FastifyInstance, engine: Engine): BatchJobs {
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker(engine.db, 'batch', batchRunner(engine, app.config.dataDir), app.log, {
      failure: BATCH_FAILED,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
  return {
    queue: async (r, t, ids, input, auth) => {
      const { userId } = auth;
      const orgId = auth.orgId ?? null;
      const job = await engine.db.transaction().execute(async (trx) => {
        // Serialise a user's job creation so two quick clicks cannot both pass the limit.
        await sql`select pg_advisory_xact_lock(${7_500_000 + userId})`.execute(trx);
        const { active } = await trx
          .selectFrom('exportJob')
          .select(sql<number>`count(*)::int`.as('active'))
          .where('userId', '=', userId)
          .where('kind', '=', 'batch')
          .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
          .executeTakeFirstOrThrow();
        if (active >= MAX_ACTIVE_JOBS)
          throw ApiError.tooMany(`最多同时进行${MAX_ACTIVE_JOBS}个批量任务，请稍后再试`);
        const params: BatchParams = { action: t.name, ids, input };
        return trx
          .insertInto('exportJob')
          .values({
            kind: 'batch',
            userId,
            orgId,
            page: `${r.name}/${t.name}`.slice(0, 100),
            resource: r.name,
            title: `${r.title}：${t.title}（${ids.length} 条）`.slice(0, 100),
            params: JSON.stringify(params),
            total: ids.length,
          })
          .returning(['id', 'status', 'title', 'createTime'])
          .executeTakeFirstOrThrow();
      });
      worker?.poke();
      return { ...job, statusName: statusName('batch', job.status) };
    },
  };
}
