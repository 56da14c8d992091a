import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { firstValidationMessage } from '../http/validation-message';
import { EXPORT_MSG, MAX_ACTIVE_JOBS } from '../../src/schema/contracts/exports';
import type { SortItem } from '../../src/schema/types';
import type { ExportCatalog, ExportTarget } from './exports-catalog';
import { JOB_STATUS, statusName } from './jobs';
import { permissionKeys } from './session';

/**
 * The data export centre (SPEC 2.11, 7.9; DESIGN.md 3 'Lists'): a list page's export becomes a job over
 * its current filters; a worker (exports-worker.ts) writes the .xlsx under DATA_DIR/exports; the file is
 * fetched through a short-lived single-use link. Pinned by tests/server/panels-exports.test.ts.
 */
// The job table, its states, listing, cancelling and download links are every kind's (jobs.ts).
export {
  createTicket,
  DOWNLOAD_PATH,
  exportsDir,
  JOB_STATUS,
  listJobs,
  redeemTicket,
  statusName,
  TICKET_TTL_MS,
} from './jobs';
// Limits and texts are the contract's (src/schema/contracts/exports.ts): the browser shows the same.
export { EXPORT_MSG, MAX_ACTIVE_JOBS, MAX_EXPORT_ROWS } from '../../src/schema/contracts/exports';

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
  caller: { userId: number; orgId: number | null; account?: string; requestId?: string },
  input: CreateJobInput,
) {
  const { userId } = caller;
  const target = exportCatalog.targets.get(input.page);
  if (!target) throw ApiError.badRequest(EXPORT_MSG.unknownPage);
  const held = await permissionKeys(db, userId, caller.orgId);
  if (!target.permission.some((p) => held.has(p))) throw ApiError.forbidden();
  if (target.exportPermission && !target.exportPermission.some((p) => held.has(p)))
    throw ApiError.forbidden();
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
      .where('kind', '=', 'export')
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
    // An export with its own permission is an operation of its own in the log: which page, by whom,
    // over which filters (the activity log adds the address; plugins/activity-log.ts).
    if (target.exportPermission)
      await trx
        .insertInto('auditLog')
        .values({
          userId,
          account: caller.account ?? null,
          orgId: caller.orgId,
          action: 'export',
          entity: target.resource.name,
          entityId: String(row.id),
          requestId: caller.requestId ?? null,
          title: `导出${target.title}`,
          after: JSON.stringify({ page: target.key, filters, columns }),
          result: 1,
        })
        .execute();
    return { ...row, statusName: statusName('export', row.status) };
  });
}
