import type { PrintDef, PrintSource } from '@/generated/schema-files';
import { t } from '@/i18n';
import { zhCN } from '@/i18n/zh-CN';
import { savePrintData } from '@/print/storage';
import {
  handOverData,
  handsOver,
  isWholeHandOver,
  printKeyField,
  printPath,
  selectionCode,
} from '../../schema/print-handover';
import type { DataProvider } from '../data/provider';
import { loadPrintFile } from '../prints';
import type { ResourceDef, Row } from '../schema-types';

/**
 * What a `print` action does (SPEC 2.14), all of it read from the print file (schemas/prints, its
 * route and source): a document the print page loads itself opens its route with the row's key in a
 * new tab. A handed-over one (source type storage) is gathered as the file says (the row by the get
 * endpoint, the list's rows with the same code, the row itself, or the selection), reduced to the
 * mapped fields, checked, written into browser storage, and only then is the tab opened, because a
 * new tab copies session storage when it is opened. Pinned by tests/unit/renderer/print-action.test.ts
 * and tests/e2e/print-actions.test.ts.
 */
export interface PrintContext {
  provider: DataProvider;
  /** The list page's resource: the one the print file prints (the lint checks). */
  resource: ResourceDef;
  /** The row clicked, or the rows selected for a batch print. */
  rows: Row[];
  batch: boolean;
  warn(text: string): void;
}

/** Rows a row print gathers at most (a receipt's goods, a task's rows); SPEC 9's largest page. */
const GATHER_LIMIT = 500;
/** The refusals, in the language in effect when read (the catalogue's `printAction`). */
const refusal = {
  get nothing() {
    return t('printAction.nothing');
  },
  get incomplete() {
    return t('printAction.incomplete');
  },
  get noFile() {
    return t('printAction.noFile');
  },
};
/** The same refusals in Chinese, as SPEC words them. */
export const NOTHING_TO_PRINT = zhCN.printAction.nothing;
export const INCOMPLETE_DATA = zhCN.printAction.incomplete;
export const NO_PRINT_FILE = zhCN.printAction.noFile;
/** '一次最多打印 50 张配送单' */
export const tooMany = (max: number, title: string) => t('printAction.tooMany', { max, title });

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Every row of the list whose `field` equals the row's (all goods of a receipt, all rows of a task). */
async function sameCode(provider: DataProvider, field: string, row: Row): Promise<Row[]> {
  const value = row[field];
  const page = await provider.getList({
    pageNo: 1,
    pageSize: GATHER_LIMIT,
    sort: [],
    filters: { [field]: value },
  });
  // The list filter matches substrings; the sheet is exactly this code.
  return page.list.filter((r) => r[field] === value);
}

/** What a print hands over: the gathered row or rows, and the sheet's code (the route parameter). */
async function gather(
  source: PrintSource,
  ctx: PrintContext,
): Promise<{ gathered: { doc?: Row; rows: Row[] }; param: string }> {
  const { provider, rows, batch } = ctx;
  const row = rows[0]!;
  if (batch) return { gathered: { rows }, param: selectionCode(source.selection!.prefix) };
  const param = str(row[source.by!]);
  if (source.gather === 'get') return { gathered: { doc: await provider.getOne(row), rows: [] }, param };
  if (source.gather === 'same')
    return { gathered: { rows: await sameCode(provider, source.by!, row) }, param };
  return { gathered: { rows: [row] }, param };
}

/** A handed-over document: gathered, mapped, checked, stored, then its tab opened (with an opener). */
async function handOver(print: PrintDef & { source: PrintSource }, ctx: PrintContext): Promise<void> {
  const { source } = print;
  const max = source.selection?.max;
  if (ctx.batch && max && ctx.rows.length > max) return ctx.warn(tooMany(max, print.title));
  const { gathered, param } = await gather(source, ctx);
  const data = handOverData(print, gathered);
  const lines = print.lines && source.lines ? data[print.lines.child] : undefined;
  if (Array.isArray(lines) && !lines.length) return ctx.warn(refusal.nothing);
  // The print page would only say the data is stale; say here what is wrong instead.
  if (!param || !isWholeHandOver(print, ctx.resource, data)) return ctx.warn(refusal.incomplete);
  try {
    savePrintData(source.storage ?? 'session', print.name, param, data);
  } catch (error) {
    return ctx.warn(error instanceof Error ? error.message : refusal.incomplete);
  }
  window.open(printPath(print, param), '_blank');
}

/** Runs a print action: opens the print page in a new tab, or says in Chinese why it cannot. */
export async function runPrint(name: string, ctx: PrintContext): Promise<void> {
  if (!ctx.rows.length) return ctx.warn(refusal.nothing);
  const print = await loadPrintFile(name);
  if (!print) return ctx.warn(refusal.noFile);
  if (handsOver(print)) return handOver(print, ctx);
  // The print page loads the document itself, by the row's key.
  const key = str(ctx.rows[0]![printKeyField(print, ctx.resource)]);
  if (!key) return ctx.warn(refusal.incomplete);
  window.open(printPath(print, key), '_blank', 'noopener');
}
