import { sql } from 'kysely';
import type { Database } from '../db/index';

/**
 * Personal printer settings (SPEC 2.13, 3, 4, 7.4): version 1 (the product printer list) and the trial
 * version 2 (the print server's clients), each with at most one default printer per user.
 * Pinned by tests/server/panels-printers.test.ts.
 */
export type PrinterVersion = 1 | 2;

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PrinterQuery {
  pageNo: number;
  pageSize: number;
  /** v1 printName, v2 printerName: trimmed (SPEC 5). */
  name?: string;
  /** v2 only: 1 online, 0 offline. */
  monitorStatus?: number;
}

function base(db: Database, userId: number, version: PrinterVersion, q: PrinterQuery) {
  let query = db
    .selectFrom('printer as p')
    .leftJoin('userDefaultPrinter as d', (j) =>
      j.onRef('d.printerId', '=', 'p.id').on('d.userId', '=', userId).on('d.version', '=', version),
    )
    .where('p.version', '=', version);
  const name = q.name?.trim();
  if (name) query = query.where('p.printerName', 'ilike', escapeLike(name));
  if (q.monitorStatus !== undefined) query = query.where('p.monitorStatus', '=', q.monitorStatus);
  return query;
}

async function page(db: Database, userId: number, version: PrinterVersion, q: PrinterQuery) {
  const query = base(db, userId, version, q);
  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  // The default printer first, then by name: the user finds his own at the top.
  const rows = await query
    .selectAll('p')
    .select(sql<boolean>`d.printer_id is not null`.as('isDefault'))
    .orderBy(sql`d.printer_id is null`)
    .orderBy('p.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

/** v1 rows: id, printName, defPrinter (null = not default). */
export async function listV1(db: Database, userId: number, q: PrinterQuery) {
  const { rows, total } = await page(db, userId, 1, q);
  return {
    list: rows.map((r) => ({ id: r.id, printName: r.printerName, defPrinter: r.isDefault ? 1 : null })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** v2 rows: SPEC 3 'Printer row, version 2'; defPrinter '1' default, '0' not. */
export async function listV2(db: Database, userId: number, q: PrinterQuery) {
  const { rows, total } = await page(db, userId, 2, q);
  return {
    list: rows.map((r) => ({
      id: r.id,
      printerName: r.printerName,
      department: r.department ?? '',
      employeeCode: r.employeeCode ?? '',
      employeeName: r.employeeName ?? '',
      ip: r.ip ?? '',
      printerRemark: r.printerRemark ?? '',
      monitorStatus: r.monitorStatus,
      printStatus: r.printStatus ?? '',
      numberOfJobs: r.numberOfJobs,
      createTime: r.createTime,
      defPrinter: r.isDefault ? '1' : '0',
    })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Makes the printer the user's default of its version; false when there is no such printer. */
export async function setDefault(db: Database, userId: number, version: PrinterVersion, printerId: number) {
  const printer = await db
    .selectFrom('printer')
    .select('id')
    .where('id', '=', printerId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!printer) return false;
  await db
    .insertInto('userDefaultPrinter')
    .values({ userId, version, printerId })
    .onConflict((oc) => oc.columns(['userId', 'version']).doUpdateSet({ printerId, updateTime: sql`now()` }))
    .execute();
  return true;
}

/** Clears the default when it is this printer; false when it was not the user's default. */
export async function clearDefault(db: Database, userId: number, version: PrinterVersion, printerId: number) {
  const res = await db
    .deleteFrom('userDefaultPrinter')
    .where('userId', '=', userId)
    .where('version', '=', version)
    .where('printerId', '=', printerId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The user's default printer of a version, for print pages. */
export async function defaultPrinter(db: Database, userId: number, version: PrinterVersion) {
  return db
    .selectFrom('userDefaultPrinter as d')
    .innerJoin('printer as p', 'p.id', 'd.printerId')
    .select(['p.id', 'p.printerName'])
    .where('d.userId', '=', userId)
    .where('d.version', '=', version)
    .executeTakeFirst();
}
