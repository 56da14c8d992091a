import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ApiError } from '../../http/envelope';
import { firstValidationMessage } from '../../http/validation-message';
import { exportsDir, importsDir, JOB_STATUS } from '../../services/jobs';
import type { JobContext, JobOutcome, JobRow } from '../../services/jobs-worker';
import { permissionKeys } from '../../services/session';
import { IMPORT_MSG } from '../../../src/schema/contracts/imports';
import { cellValue } from '../../../src/schema/imports';
import { routeSchemas } from '../../../src/schema/request-schemas';
import { resourceRoutes } from '../../../src/schema/routes';
import type { FieldDef } from '../../../src/schema/types';
import { type Engine, loadActor } from '../context';
import { constraintError, createIn } from '../handlers/write';
import { applyReferences } from '../references';
import { dynamic } from '../sql/db';
import { sql } from 'kysely';
import type { ImportTarget } from './catalog';
import { readJsonRows, readRows } from './parse';

/** A row-numbered error, as the import centre and the errors file show it. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** The errors an import centre row carries; all of them are in the errors file. */
const SHOWN_ERRORS = 50;

export interface ImportParams {
  /** The upload under DATA_DIR/imports. */
  file: string;
  fileName: string;
}

/** Ajv's errors of one row, each with the column it is about and the form's Chinese message. */
function rowErrors(
  errors: ErrorObject[],
  row: number,
  prefix: string,
  columns: Map<string, string>,
): RowError[] {
  const seen = new Set<string>();
  const out: RowError[] = [];
  for (const e of errors) {
    const rest = e.instancePath.startsWith(prefix) ? e.instancePath.slice(prefix.length) : e.instancePath;
    let field = rest.split('/').filter(Boolean)[0];
    // A required field's message (ajv-errors) sits on the row itself: the missing field is in params.
    if (!field) {
      const inner = (e.params as { errors?: ErrorObject[] }).errors?.[0] ?? e;
      field = String((inner.params as { missingProperty?: string }).missingProperty ?? '');
    }
    const found = { row, column: columns.get(field) ?? field, message: firstValidationMessage([e]) };
    // Several rules can refuse one value with the same text (length and pattern of a code): once.
    const key = `${found.column}\u0000${found.message}`;
    if (!seen.has(key)) out.push(found);
    seen.add(key);
  }
  return out;
}

/** The errors file: one line per error, by row and column, sorted as the file reads. */
async function writeErrors(dataDir: string, title: string, id: number, errors: RowError[]) {
  // Loaded when a file is read or written, not with the server (issue 21.5: start-up).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet('错误');
  ws.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '列', key: 'column', width: 16 },
    { header: '错误信息', key: 'message', width: 60 },
  ];
  for (const e of errors) ws.addRow(e);
  const relativePath = `${randomUUID()}.xlsx`;
  const file = path.join(exportsDir(dataDir), relativePath);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await wb.xlsx.writeFile(file);
  const { size } = await fs.stat(file);
  return { fileName: `${title}_错误_${id}.xlsx`, relativePath, fileSize: size };
}

/**
 * The import runner (issue 23.3): reads the upload, turns every row into the values the form would
 * send, validates each against the create endpoint's own schema (the same Ajv and Chinese messages)
 * and its references, and reports every error by row and column. Only a file without errors is
 * written: in one transaction through the create endpoint's engine path (stamps, computed figures,
 * references, uniqueness, workflow start), so a cancelled or failing import changes nothing.
 */
export function importRunner(
  engine: Engine,
  bodyAjv: Ajv,
  targets: Map<string, ImportTarget>,
  dataDir: string,
) {
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (t: ImportTarget) => {
    let v = validators.get(t.resource.name);
    if (!v) {
      const route = resourceRoutes(t.resource).find((x) => x.kind === 'create')!;
      v = bodyAjv.compile(routeSchemas(engine.catalog, t.resource, route).body!);
      validators.set(t.resource.name, v);
    }
    return v;
  };

  return async (job: JobRow, ctx: JobContext): Promise<JobOutcome> => {
    const params = job.params as ImportParams;
    const upload = path.join(importsDir(dataDir), params.file);
    const failed = (error: string, result?: unknown, file?: JobOutcome['file']): JobOutcome => ({
      status: JOB_STATUS.failed,
      rowCount: 0,
      error,
      ...(result ? { result } : {}),
      ...(file ? { file } : {}),
    });
    try {
      const t = targets.get(job.page as string);
      if (!t) return failed(IMPORT_MSG.unknownPage);
      // The permission is checked again when the job runs: it may have been taken away meanwhile.
      const held = await permissionKeys(engine.db, job.userId, job.orgId);
      if (!t.permission.some((p) => held.has(p))) return failed('无权限');
      let sheet;
      try {
        const bytes = await fs.readFile(upload);
        sheet = /\.json$/i.test(params.fileName)
          ? readJsonRows(bytes)
          : await readRows(bytes, /\.csv$/i.test(params.fileName));
      } catch {
        return failed(IMPORT_MSG.unreadable);
      }
      const index = new Map(t.columns.map((c) => [c.title, sheet.headers.indexOf(c.title)]));
      const missing = t.columns.filter((c) => index.get(c.title)! < 0 && c.def);
      if (missing.length) return failed(missing.map((c) => IMPORT_MSG.missingColumn(c.title)).join('；'));
      if (!sheet.rows.length) return failed(IMPORT_MSG.empty);
      if (sheet.rows.length > t.maxRows) return failed(IMPORT_MSG.tooManyRows(t.maxRows));

      const total = sheet.rows.length;
      await ctx.progress(0, total, true);
      const titles = new Map(t.columns.map((c) => [c.field, c.title]));
      const validate = validatorOf(t);
      const header = { ...t.values };
      const fields: Record<string, FieldDef> = t.into
        ? t.resource.children![t.into]!.fields
        : t.resource.fields;
      const cache = new Map();
      const errors: RowError[] = [];
      const records: Record<string, unknown>[] = [];
      /** Rows (by index) with an error: left out when the page imports the valid rows only. */
      const bad = new Set<number>();
      for (const [i, { row, cells }] of sheet.rows.entries()) {
        const before = errors.length;
        const rec: Record<string, unknown> = {};
        for (const c of t.columns) {
          const enumName = c.def['x-enum'];
          const v = cellValue(
            cells[index.get(c.title)!] ?? '',
            c.def,
            enumName ? engine.catalog.enums.get(enumName) : undefined,
          );
          if (v !== undefined) rec[c.field] = v;
        }
        const body = t.into ? { ...header, [t.into]: [rec] } : { ...header, ...rec };
        const prefix = t.into ? `/${t.into}/0` : '';
        if (!validate(body)) {
          errors.push(...rowErrors(validate.errors ?? [], row, prefix, titles));
        } else {
          // References one field at a time, so an error names its column.
          for (const [name, f] of Object.entries(fields)) {
            if (!f['x-reference'] || rec[name] === undefined) continue;
            try {
              await applyReferences(
                engine.db,
                engine.catalog,
                { [name]: f },
                rec,
                cache,
                // "$header.x" reads the document's header, or on a header field the row itself.
                t.into
                  ? { values: header, fields: t.resource.fields }
                  : { values: { ...header, ...rec }, fields: t.resource.fields },
              );
            } catch (error) {
              if (!(error instanceof ApiError)) throw error;
              errors.push({ row, column: titles.get(name) ?? name, message: error.message });
            }
          }
        }
        if (errors.length > before) bad.add(i);
        records.push(rec);
        await ctx.progress(i + 1, total);
      }
      // Every row was checked: the job's items are all done, none imported.
      const report = async (list: RowError[]): Promise<JobOutcome> => ({
        ...failed(
          IMPORT_MSG.rowErrors(list.length),
          { created: 0, errorCount: list.length, errors: list.slice(0, SHOWN_ERRORS) },
          await writeErrors(dataDir, t.title, job.id, list),
        ),
        rowCount: total,
      });
      // All or nothing, unless the page imports the valid rows only (and some are).
      if (errors.length && (!t.validRowsOnly || bad.size === total)) return await report(errors);
      const valid = records.filter((_, i) => !bad.has(i));

      const user = await engine.db
        .selectFrom('appUser')
        .select('account')
        .where('id', '=', job.userId)
        .executeTakeFirstOrThrow();
      const actor = await loadActor(
        engine.db,
        { userId: job.userId, account: user.account, orgId: job.orgId },
        `import-${job.id}`,
      );
      let failedRow: number | undefined;
      let created = 0;
      /** Valid rows the table refused (valid rows only): left out like the rows in error. */
      let refusedRows = 0;
      try {
        await dynamic(engine.db)
          .transaction()
          .execute(async (trx) => {
            if (t.into) {
              await createIn(trx, engine, t.resource, { ...header, [t.into]: valid }, actor);
              created = valid.length;
            } else
              for (const [i, rec] of records.entries()) {
                if (bad.has(i)) continue;
                failedRow = sheet.rows[i]!.row;
                if (!t.validRowsOnly) {
                  await createIn(trx, engine, t.resource, { ...header, ...rec }, actor);
                  created++;
                  continue;
                }
                // Valid rows only: a row the table refuses (a duplicate) is reported and the rest go on.
                await sql`savepoint import_row`.execute(trx);
                try {
                  await createIn(trx, engine, t.resource, { ...header, ...rec }, actor);
                  await sql`release savepoint import_row`.execute(trx);
                  created++;
                } catch (error) {
                  const refused = constraintError(t.resource, error);
                  if (!(refused instanceof ApiError)) throw error;
                  await sql`rollback to savepoint import_row`.execute(trx);
                  errors.push({ row: failedRow, column: '-', message: refused.message });
                  refusedRows++;
                }
              }
            failedRow = undefined;
            // Cancelled while writing: the transaction rolls back, nothing is imported.
            await ctx.check(trx as unknown as typeof engine.db);
          });
      } catch (error) {
        const refused = constraintError(t.resource, error);
        if (!(refused instanceof ApiError)) throw error;
        return await report([{ row: failedRow ?? 0, column: '-', message: refused.message }]);
      }
      if (!created) return await report(errors);
      errors.sort((a, b) => a.row - b.row);
      return {
        status: JOB_STATUS.done,
        rowCount: total,
        result: { created, errorCount: errors.length, errors: errors.slice(0, SHOWN_ERRORS) },
        ...(errors.length
          ? {
              error: IMPORT_MSG.partial(created, bad.size + refusedRows),
              file: await writeErrors(dataDir, t.title, job.id, errors),
            }
          : {}),
      };
    } finally {
      // A server stopping mid-import queues the job again: its upload stays for the next run.
      if (!ctx.stopping()) await fs.rm(upload, { force: true });
    }
  };
}
