import { isPrintData, MAX_UNDELIVERED_ORDERS, openPrintPage, type PrintKind } from '@/print/storage';
import type { ReceiveLine, ReceivePrintData, ReplenishmentRow, UnshelvedItem } from '@/print/sources/types';
import type { DataProvider } from '../data/provider';
import type { Row } from '../schema-types';
import { isPrintDoc, PRINT_DOCS, type PrintDoc } from '../../schema/print-docs';
import { schemaPrintUrl } from '../prints';

/**
 * What a `print` action does (SPEC 2.14). Documents the print page loads by code open their route in a
 * new tab. The others are handed over through the browser's storage (src/print/storage.ts): the data
 * is gathered here (the receipt's lines from its get endpoint, a receipt's goods or a task's rows from
 * the list endpoint), checked against the shape the print page accepts, written, and only then is the
 * tab opened, because a new tab copies session storage when it is opened. Pinned by
 * tests/unit/renderer/print-action.test.ts and tests/e2e/print-actions.test.ts.
 */
export interface PrintContext {
  provider: DataProvider;
  /** The field identifying a row (the resource's primary key): a declared print loads the row by it. */
  keyField?: string;
  /** The row clicked, or the rows selected for a batch print. */
  rows: Row[];
  batch: boolean;
  warn(text: string): void;
}

/** Rows a row print gathers at most (a receipt's goods, a task's rows); SPEC 9's largest page. */
const GATHER_LIMIT = 500;
export const NOTHING_TO_PRINT = '没有可打印的数据';
export const INCOMPLETE_DATA = '打印数据不完整，无法打印';
export const TOO_MANY_SLIPS = `一次最多打印 ${MAX_UNDELIVERED_ORDERS} 张配送单`;

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const optStr = (v: unknown) => (typeof v === 'string' ? v : null);
const optNum = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const path = (route: string, value: unknown) => `${route}/${encodeURIComponent(str(value))}`;

/** The print routes that load their document themselves, by the row's code or id. */
const ROUTES: Partial<Record<PrintDoc, (row: Row) => string>> = {
  pickPC: (row) => path('/print/pickPC', row.pickOrderCode),
  unPickOrder: (row) => path('/print/UnPickOrderPrint', row.pickOrderCode),
  stockOut: (row) => path('/print/StockOutPrint', row.orderCode),
  transfer: (row) => path('/print/allocateTransfer/transferOrderPrint', row.orderCode),
  obtainOrder: (row) => path('/print/finance/print', row.id),
};

/** The code of a sheet made of selected rows: prefix and the China-time instant to the millisecond. */
export function selectionCode(prefix: string, now = Date.now()): string {
  return `${prefix}-${new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 17)}`;
}

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

const unshelved = (r: Row): UnshelvedItem => ({
  commodityCode: str(r.commodityCode),
  commodityName: str(r.commodityName),
  commoditySpec: optStr(r.commoditySpec),
  commodityUnit: str(r.commodityUnit),
  plankCode: optStr(r.plankCode),
  shelfNo: optStr(r.shelfNo),
  upStatus: r.upStatus === true,
});

const replenishment = (r: Row): ReplenishmentRow => ({
  warehouseName: str(r.warehouseName),
  storageShelfNo: str(r.storageShelfNo),
  shelfNo: str(r.shelfNo),
  realName: str(r.realName),
  replenishmentQuantity: Number(r.replenishmentQuantity),
  realReplenishmentQuantity: optNum(r.realReplenishmentQuantity),
  status: Number(r.status),
  commodityCode: optStr(r.commodityCode),
  commodityName: optStr(r.commodityName),
  commoditySpec: optStr(r.commoditySpec),
});

const receiveLine = (l: Row): ReceiveLine => ({
  commodityCode: str(l.commodityCode),
  commodityName: optStr(l.commodityName),
  commoditySpec: optStr(l.commoditySpec),
  realQuantity: Number(l.realQuantity),
  numberUnit: str(l.numberUnit),
  productionTime: optStr(l.productionTime),
  expirationTime: optStr(l.expirationTime),
  length: optNum(l.length),
  width: optNum(l.width),
  height: optNum(l.height),
  weight: optNum(l.weight),
  qualityDays: optNum(l.qualityDays),
});

function receipt(full: Row): ReceivePrintData {
  const lines = Array.isArray(full.commodityList) ? (full.commodityList as Row[]) : [];
  return {
    referOrder: {
      purchaseCode: str(full.purchaseCode),
      warehouseName: str(full.warehouseName),
      createName: str(full.createName),
      supplierName: str(full.supplierName),
    },
    commodityList: lines.map(receiveLine),
    receiveTime: optStr(full.receiveTime),
    receiveName: optStr(full.receiveName),
  };
}

const unique = (values: unknown[]) => [...new Set(values.map(str).filter(Boolean))];

/** The storage-backed documents: which storage kind, the sheet's code and its data. */
async function handOver(
  doc: PrintDoc,
  ctx: PrintContext,
): Promise<{ kind: PrintKind; param: string; data: unknown } | undefined> {
  const { provider, rows, batch } = ctx;
  const row = rows[0]!;
  switch (doc) {
    case 'receive':
      return { kind: 'receive', param: str(row.receiveCode), data: receipt(await provider.getOne(row)) };
    case 'unupList': {
      const items = batch ? rows : await sameCode(provider, PRINT_DOCS.unupList.gatherBy, row);
      const receipts = unique(items.map((r) => r.receiveCode));
      return {
        kind: 'unupList',
        param: batch ? selectionCode('SJ') : str(row.receiveCode),
        data: {
          items: items.map(unshelved),
          warehouseName: unique(items.map((r) => r.warehouseName)).join('、') || null,
          receiveCode: receipts.length === 1 ? receipts[0] : null,
        },
      };
    }
    case 'replenishment': {
      const list = batch ? rows : await sameCode(provider, PRINT_DOCS.replenishment.gatherBy, row);
      return {
        kind: 'replenishment',
        param: batch ? selectionCode('BH') : str(row.replenishmentCode),
        data: { rows: list.map(replenishment) },
      };
    }
    case 'undelivered':
      return {
        kind: 'undelivered',
        param: batch ? selectionCode('PS') : str(row.orderCode),
        data: { orderIds: rows.map((r) => Number(r.id)) },
      };
    default:
      return undefined;
  }
}

/** Runs a print action: opens the print page in a new tab, or says in Chinese why it cannot. */
export async function runPrint(doc: PrintDoc | string, ctx: PrintContext): Promise<void> {
  if (!ctx.rows.length) return ctx.warn(NOTHING_TO_PRINT);
  if (!isPrintDoc(doc)) {
    // A document of schemas/prints: its page loads the row itself, by the row's key.
    window.open(schemaPrintUrl(doc, ctx.rows[0]![ctx.keyField ?? 'id']), '_blank', 'noopener');
    return;
  }
  const route = ROUTES[doc];
  if (route) {
    window.open(route(ctx.rows[0]!), '_blank', 'noopener');
    return;
  }
  if (doc === 'undelivered' && ctx.rows.length > MAX_UNDELIVERED_ORDERS) return ctx.warn(TOO_MANY_SLIPS);
  const sheet = await handOver(doc, ctx);
  if (!sheet) return;
  const { kind, param, data } = sheet;
  const empty =
    (kind === 'receive' && !(data as ReceivePrintData).commodityList.length) ||
    (kind === 'unupList' && !(data as { items: unknown[] }).items.length) ||
    (kind === 'replenishment' && !(data as { rows: unknown[] }).rows.length);
  if (empty) return ctx.warn(NOTHING_TO_PRINT);
  // The print page would only say the data is stale; say here what is wrong instead.
  if (!param || !isPrintData(kind, data)) return ctx.warn(INCOMPLETE_DATA);
  try {
    openPrintPage(kind, param, data as never);
  } catch (error) {
    ctx.warn(error instanceof Error ? error.message : INCOMPLETE_DATA);
  }
}
