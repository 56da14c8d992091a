import type {
  ReceiveLine,
  ReceivePrintData,
  ReplenishmentPrintData,
  ReplenishmentRow,
  UndeliveredPrintData,
  UnshelvedItem,
  UnupListPrintData,
} from './sources/types';

/**
 * The print data that list pages hand to print pages through the browser's storages (SPEC 2.14):
 * receipts, putaway lists and replenishment lists in session storage, the shop-app order ids in local
 * storage. One key per document, so two print tabs never read each other's data:
 *
 * | route                          | storage        | key                                   | value (data)           |
 * | /print/reveiveAdd/{code}       | sessionStorage | fresh.print.receive.{code}            | ReceivePrintData       |
 * | /print/unupList/{param}        | sessionStorage | fresh.print.unupList.{param}          | UnupListPrintData      |
 * | /print/replenishmentPC/{param} | sessionStorage | fresh.print.replenishment.{param}     | ReplenishmentPrintData |
 * | /print/UndeliveredPrint/{param}| localStorage   | fresh.print.undelivered.{param}       | UndeliveredPrintData   |
 *
 * Each value is JSON `{ savedAt: <ms>, data }`; data older than MAX_AGE_MS counts as missing.
 * Session storage is per tab: a list page opens the print page in the same tab, or with
 * window.open(url, '_blank') *without* 'noopener' (Chromium copies session storage only to a tab
 * with an opener). `openPrintPage` below does exactly that.
 */
export type PrintKind = 'receive' | 'unupList' | 'replenishment' | 'undelivered';

interface KindInfo {
  storage: 'sessionStorage' | 'localStorage';
  route: string;
}

const KINDS: Record<PrintKind, KindInfo> = {
  receive: { storage: 'sessionStorage', route: '/print/reveiveAdd' },
  unupList: { storage: 'sessionStorage', route: '/print/unupList' },
  replenishment: { storage: 'sessionStorage', route: '/print/replenishmentPC' },
  undelivered: { storage: 'localStorage', route: '/print/UndeliveredPrint' },
};

/** The kinds, for the print meta-schema's source.kind to be checked against (tests/unit/schemas). */
export const PRINT_KINDS = Object.keys(KINDS) as PrintKind[];

export const PRINT_KEY_PREFIX = 'fresh.print.';
/** A day: a print tab reopened the next morning asks for a fresh print from the list. */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Slips per print of pending-delivery orders (one request each). */
export const MAX_UNDELIVERED_ORDERS = 50;

export const printKey = (kind: PrintKind, param: string) => `${PRINT_KEY_PREFIX}${kind}.${param}`;
export const printPath = (kind: PrintKind, param: string) =>
  `${KINDS[kind].route}/${encodeURIComponent(param)}`;

interface DataOf {
  receive: ReceivePrintData;
  unupList: UnupListPrintData;
  replenishment: ReplenishmentPrintData;
  undelivered: UndeliveredPrintData;
}

function store(kind: PrintKind): Storage | undefined {
  try {
    return globalThis[KINDS[kind].storage];
  } catch {
    return undefined;
  }
}

/** Forgets this storage's print data older than MAX_AGE_MS (local storage would keep it for ever). */
function prune(storage: Storage, now: number): void {
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(PRINT_KEY_PREFIX)) continue;
    const savedAt = parse(storage.getItem(key))?.savedAt;
    if (typeof savedAt !== 'number' || now - savedAt > MAX_AGE_MS) stale.push(key);
  }
  stale.forEach((key) => storage.removeItem(key));
}

function parse(raw: string | null): { savedAt?: unknown; data?: unknown } | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as { savedAt?: unknown; data?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a document for its print page; returns the page's path. Throws when the storage refuses. */
export function savePrintData<K extends PrintKind>(
  kind: K,
  param: string,
  data: DataOf[K],
  now = Date.now(),
): string {
  const storage = store(kind);
  if (!storage) throw new Error('浏览器存储不可用，无法打印');
  prune(storage, now);
  storage.setItem(printKey(kind, param), JSON.stringify({ savedAt: now, data }));
  return printPath(kind, param);
}

/** Saves and opens the print page in a new tab that inherits this tab's session storage. */
export function openPrintPage<K extends PrintKind>(kind: K, param: string, data: DataOf[K]): void {
  window.open(savePrintData(kind, param, data), '_blank');
}

// --- reading: every value is checked, so a hand-edited or old-format entry reads as missing ---

const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optStr = (v: unknown) => v === undefined || v === null || typeof v === 'string';
const optNum = (v: unknown) => v === undefined || v === null || isNum(v);
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const listOf = <T>(v: unknown, item: (x: Record<string, unknown>) => boolean): v is T[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isObj(x) && item(x));

const receiveLine = (x: Record<string, unknown>) =>
  isStr(x.commodityCode) &&
  isNum(x.realQuantity) &&
  isStr(x.numberUnit) &&
  ['productionTime', 'expirationTime', 'commodityName', 'commoditySpec'].every((k) => optStr(x[k])) &&
  ['length', 'width', 'height', 'weight', 'qualityDays'].every((k) => optNum(x[k]));

const unshelved = (x: Record<string, unknown>) =>
  isStr(x.commodityCode) &&
  isStr(x.commodityName) &&
  isStr(x.commodityUnit) &&
  typeof x.upStatus === 'boolean' &&
  ['commoditySpec', 'plankCode', 'shelfNo'].every((k) => optStr(x[k]));

const replenishment = (x: Record<string, unknown>) =>
  ['warehouseName', 'storageShelfNo', 'shelfNo', 'realName'].every((k) => isStr(x[k])) &&
  isNum(x.replenishmentQuantity) &&
  optNum(x.realReplenishmentQuantity) &&
  isNum(x.status) &&
  ['commodityCode', 'commodityName', 'commoditySpec'].every((k) => optStr(x[k]));

const VALID: { [K in PrintKind]: (d: unknown) => d is DataOf[K] } = {
  receive: (d): d is ReceivePrintData =>
    isObj(d) &&
    isObj(d.referOrder) &&
    ['purchaseCode', 'warehouseName', 'createName', 'supplierName'].every((k) =>
      isStr((d.referOrder as Record<string, unknown>)[k]),
    ) &&
    listOf<ReceiveLine>(d.commodityList, receiveLine),
  unupList: (d): d is UnupListPrintData => isObj(d) && listOf<UnshelvedItem>(d.items, unshelved),
  replenishment: (d): d is ReplenishmentPrintData =>
    isObj(d) && listOf<ReplenishmentRow>(d.rows, replenishment),
  undelivered: (d): d is UndeliveredPrintData =>
    isObj(d) &&
    Array.isArray(d.orderIds) &&
    d.orderIds.length > 0 &&
    d.orderIds.length <= MAX_UNDELIVERED_ORDERS &&
    d.orderIds.every((id) => Number.isInteger(id) && (id as number) > 0),
};

/** Whether data has the shape its print page accepts (list pages check before they open the tab). */
export const isPrintData = <K extends PrintKind>(kind: K, data: unknown): data is DataOf[K] =>
  VALID[kind](data);

/** The stored document, or undefined when it is missing, stale or not of the expected shape. */
export function readPrintData<K extends PrintKind>(
  kind: K,
  param: string,
  now = Date.now(),
): DataOf[K] | undefined {
  let raw: string | null;
  try {
    raw = store(kind)?.getItem(printKey(kind, param)) ?? null;
  } catch {
    return undefined;
  }
  const entry = parse(raw);
  if (!entry || !isNum(entry.savedAt) || now - entry.savedAt > MAX_AGE_MS) return undefined;
  return VALID[kind](entry.data) ? entry.data : undefined;
}
