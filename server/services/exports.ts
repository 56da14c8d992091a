import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { firstValidationMessage } from '../http/validation-message';
import { EXPORT_MSG, MAX_ACTIVE_JOBS } from '../../src/schema/contracts/exports';
import type { SortItem } from '../../src/schema/types';
import type { ExportCatalog, ExportTarget } from './exports-catalog';
import { permissionKeys } from './session';

/**
 * The data export centre (SPEC 2.11, 7.9; DESIGN.md 3 'Lists'): a list page's export becomes a job over
 * its current filters; a worker (exports-worker.ts) writes the .xlsx under DATA_DIR/exports; the file is
 * fetched through a short-lived single-use link. Pinned by tests/server/panels-exports.test.ts.
 */
export const JOB_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;
export const JOB_STATUS_NAME: Record<number, string> = {
  0: '排队中',
  1: '导出中',
  2: '已完成',
  3: '导出失败',
};

// Limits and texts are the contract's (src/schema/contracts/exports.ts): the browser shows the same.
export { EXPORT_MSG, MAX_ACTIVE_JOBS, MAX_EXPORT_ROWS } from '../../src/schema/contracts/exports';
/** A download link lives this long and works once. */
export const TICKET_TTL_MS = 60_000;

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

export interface CreateJobInput {
  page: string;
  filters?: Record<string, unknown>;
  sort?: SortItem[];
  /** Fields of the page's columns to export, in order; default: the columns the page shows. */
  columns?: string[];
}

function checkSort(target: ExportTarget, sort: SortItem[] | undefined): SortItem[] {
  const allowed = target.resource.sortable ?? [];
  for (const s of sort ?? []) {
    if (!allowed.includes(s.field) || (s.order !== 'ascend' && s.order !== 'descend'))
      throw ApiError.badRequest(EXPORT_MSG.badSort);
  }
  return sort ?? [];
}

function checkColumns(target: ExportTarget, asked: string[] | undefined): string[] {
  const known = new Set(target.columns.map((c) => c.field));
  if (!asked || asked.length === 0) return target.columns.filter((c) => !c.hidden).map((c) => c.field);
  if (asked.some((f) => !known.has(f)) || new Set(asked).size !== asked.length)
    throw ApiError.badRequest(EXPORT_MSG.badColumns);
  return asked;
}

/**
 * Queues an export: the page must be exportable, the user must be allowed to list its rows, and the
 * filters must pass the same checks as the list endpoint (only allow-listed fields reach SQL).
 */
export async function createJob(
  db: Database,
  exportCatalog: ExportCatalog,
  caller: { userId: number; orgId: number | null },
  input: CreateJobInput,
) {
  const { userId } = caller;
  const target = exportCatalog.targets.get(input.page);
  if (!target) throw ApiError.badRequest(EXPORT_MSG.unknownPage);
  const held = await permissionKeys(db, userId, caller.orgId);
  if (!target.permission.some((p) => held.has(p))) throw ApiError.forbidden();
  const filters = structuredClone(input.filters ?? {});
  if (!target.validate(filters)) throw ApiError.badRequest(firstValidationMessage(target.validate.errors));
  const sort = checkSort(target, input.sort);
  const columns = checkColumns(target, input.columns);
  return db.transaction().execute(async (trx) => {
    // Serialise a user's job creation so two quick clicks cannot both pass the limit.
    await sql`select pg_advisory_xact_lock(${7_300_000 + userId})`.execute(trx);
    const { active } = await trx
      .selectFrom('exportJob')
      .select(sql<number>`count(*)::int`.as('active'))
      .where('userId', '=', userId)
      .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
      .executeTakeFirstOrThrow();
    if (active >= MAX_ACTIVE_JOBS) throw ApiError.tooMany(EXPORT_MSG.busy);
    const row = await trx
      .insertInto('exportJob')
      .values({
        userId,
        orgId: caller.orgId,
        page: target.key,
        resource: target.resource.name,
        title: target.title,
        params: JSON.stringify({ filters, sort }),
        columns: JSON.stringify(columns),
      })
      .returning(['id', 'status', 'title', 'createTime'])
      .executeTakeFirstOrThrow();
    return { ...row, statusName: JOB_STATUS_NAME[row.status] ?? '' };
  });
}

/** The user's own jobs, newest first. */
export async function listJobs(
  db: Database,
  userId: number,
  q: { pageNo: number; pageSize: number; status?: number },
) {
  let base = db.selectFrom('exportJob').where('userId', '=', userId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'title',
      'page',
      'status',
      'rowCount',
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
      fileSize: r.fileSize === null ? null : Number(r.fileSize),
      statusName: JOB_STATUS_NAME[r.status] ?? '',
    })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export const DOWNLOAD_PATH = '/api/v1/export/download';

/** A one-time download link for a finished job of the user: the ticket is random and its hash stored. */
export async function createTicket(db: Database, userId: number, jobId: number) {
  const job = await db
    .selectFrom('exportJob')
    .select(['status'])
    .where('id', '=', jobId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!job) throw new ApiError(404, 'E0404', EXPORT_MSG.notFound);
  if (job.status !== JOB_STATUS.done) throw ApiError.conflict(EXPORT_MSG.notReady);
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
    .select(['fileName', 'relativePath', 'status'])
    .where('id', '=', spent.jobId)
    .executeTakeFirst();
  if (!job || job.status !== JOB_STATUS.done || !job.relativePath || !job.fileName) return undefined;
  const file = path.join(exportsDir(dataDir), job.relativePath);
  const stat = await fs.stat(file).catch(() => undefined);
  return stat ? { file, fileName: job.fileName, size: stat.size } : undefined;
}
