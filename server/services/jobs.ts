import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { EXPORT_MSG, type JobKind } from '../../src/schema/contracts/exports';

/**
 * The one job table of long work (issue 23): exports, imports, batch actions. Each kind has its runner
 * (jobs-worker.ts); the centres list a user's jobs of a kind with their progress, cancel them, and
 * fetch a job's file (the export, or an import's errors) through a single-use link.
 */
export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3, cancelled: 4 } as const;

const STATUS_NAMES: Record<JobKind, Record<number, string>> = {
  export: { 0: '排队中', 1: '导出中', 2: '已完成', 3: '导出失败', 4: '已取消' },
  import: { 0: '排队中', 1: '导入中', 2: '已完成', 3: '导入失败', 4: '已取消' },
  batch: { 0: '排队中', 1: '执行中', 2: '已完成', 3: '执行失败', 4: '已取消' },
};
export const statusName = (kind: string, status: number) => STATUS_NAMES[kind as JobKind]?.[status] ?? '';

/** Where job files live: exports and import error files under DATA_DIR/exports, uploads under imports. */
export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');
export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');

/** A download link lives this long and works once. */
export const TICKET_TTL_MS = 60_000;
export const DOWNLOAD_PATH = '/api/v1/export/download';

/** The refusals a batch job's centre row carries while it runs or once cancelled (all in its file). */
const SHOWN_REFUSALS = 50;

/** A job's result as the centres show it: a batch's counts and first refusals, without its resume mark. */
function shownResult(kind: string, result: unknown) {
  if (kind !== 'batch' || !result) return result ?? null;
  const r = result as { done: number; refusedCount: number; refused: unknown[] };
  return { done: r.done, refusedCount: r.refusedCount, refused: r.refused.slice(0, SHOWN_REFUSALS) };
}

/** The user's own jobs of one kind, newest first. */
export async function listJobs(
  db: Database,
  userId: number,
  q: { pageNo: number; pageSize: number; status?: number; kind: string; ids?: string },
) {
  let base = db.selectFrom('exportJob').where('userId', '=', userId).where('kind', '=', q.kind);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  if (q.ids) base = base.where('id', 'in', q.ids.split(',').map(Number));
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'kind',
      'title',
      'page',
      'status',
      'rowCount',
      'total',
      'result',
      'fileSize',
      'fileName',
      'error',
      'createTime',
      'startTime',
      'finishTime',
    ])
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      ...r,
      result: shownResult(r.kind, r.result) as never,
      fileSize: r.fileSize === null ? null : Number(r.fileSize),
      statusName: statusName(r.kind, r.status),
    })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * Cancels a job of the user that has not finished: a queued one never starts; a running one is marked
 * at once and its worker, whose writes all require the job still running, stops before its next item
 * and leaves nothing behind (an export's partial file is removed, an import commits nothing).
 */
export async function cancelJob(db: Database, userId: number, id: number) {
  const row = await db
    .updateTable('exportJob')
    .set({ status: JOB_STATUS.cancelled, finishTime: sql`now()`, heartbeatAt: null })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
    .returning(['id', 'status', 'kind'])
    .executeTakeFirst();
  if (row) return { id: row.id, status: row.status, statusName: statusName(row.kind, row.status) };
  const exists = await db
    .selectFrom('exportJob')
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!exists) throw new ApiError(404, 'E0404', EXPORT_MSG.notFound);
  throw ApiError.conflict(EXPORT_MSG.cannotCancel);
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A one-time download link for a job of the user that has a file: the ticket is random, its hash stored. */
export async function createTicket(db: Database, userId: number, jobId: number) {
  const job = await db
    .selectFrom('exportJob')
    .select(['relativePath'])
    .where('id', '=', jobId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!job) throw new ApiError(404, 'E0404', EXPORT_MSG.notFound);
  if (!job.relativePath) throw ApiError.conflict(EXPORT_MSG.notReady);
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await db
    .insertInto('exportTicket')
    .values({ ticketHash: hashTicket(ticket), jobId, userId, expiresAt })
    .execute();
  return { url: `${DOWNLOAD_PATH}/${ticket}`, expiresAt };
}

/**
 * Spends a ticket: one atomic update, so two requests racing for the same link cannot both win.
 * Answers the file to send, or undefined when the link is unknown, used or expired.
 */
export async function redeemTicket(db: Database, dataDir: string, ticket: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
  const spent = await db
    .updateTable('exportTicket')
    .set({ usedAt: sql`now()` })
    .where('ticketHash', '=', hashTicket(ticket))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('jobId')
    .executeTakeFirst();
  if (!spent) return undefined;
  const job = await db
    .selectFrom('exportJob')
    .select(['fileName', 'relativePath'])
    .where('id', '=', spent.jobId)
    .executeTakeFirst();
  if (!job?.relativePath || !job.fileName) return undefined;
  const file = path.join(exportsDir(dataDir), job.relativePath);
  const stat = await fs.stat(file).catch(() => undefined);
  return stat ? { file, fileName: job.fileName, size: stat.size } : undefined;
}
