/**
 * The documents a list page's `print` action can print (SPEC 2.14), keyed as page files name them
 * (`{ "type": "print", "print": "receive" }`). Pure data, no imports: the schema lint
 * (scripts/lint-schemas/check-pages.ts), the codegen and the renderer read the same table. What each
 * one does when clicked is in print-action.ts.
 */
export const PRINT_DOCS = {
  /** /print/pickPC/{pickOrderCode}: the pick order, loaded by code. */
  pickPC: { title: '拣货单', fields: ['pickOrderCode'], batch: false, needsGet: false },
  /** /print/UnPickOrderPrint/{pickOrderCode}: the lines still to pick. */
  unPickOrder: { title: '拣货清单', fields: ['pickOrderCode'], batch: false, needsGet: false },
  /** /print/StockOutPrint/{orderCode}. */
  stockOut: { title: '出库单', fields: ['orderCode'], batch: false, needsGet: false },
  /** /print/allocateTransfer/transferOrderPrint/{orderCode}: every open is a counted print. */
  transfer: { title: '调拨单', fields: ['orderCode'], batch: false, needsGet: false },
  /** /print/finance/print/{id}. */
  obtainOrder: { title: '部门领用单', fields: ['id'], batch: false, needsGet: false },
  /** /print/reveiveAdd/{receiveCode}: the receipt with its lines (get endpoint) in session storage. */
  receive: {
    title: '收货单',
    fields: ['receiveCode', 'purchaseCode', 'warehouseName', 'supplierName', 'createName'],
    batch: false,
    needsGet: true,
  },
  /** /print/unupList/{param}: a receipt's goods (row) or the selected goods (batch), session storage. */
  unupList: {
    title: '上架单',
    fields: ['receiveCode', 'warehouseName', 'commodityCode', 'commodityName', 'commodityUnit', 'upStatus'],
    batch: true,
    needsGet: false,
    gatherBy: 'receiveCode',
  },
  /** /print/replenishmentPC/{param}: a task's rows (row) or the selected rows (batch), session storage. */
  replenishment: {
    title: '补货单',
    fields: [
      'replenishmentCode',
      'warehouseName',
      'storageShelfNo',
      'shelfNo',
      'realName',
      'replenishmentQuantity',
      'status',
    ],
    batch: true,
    needsGet: false,
    gatherBy: 'replenishmentCode',
  },
  /** /print/UndeliveredPrint/{param}: shop-app order ids in local storage, one slip each. */
  undelivered: { title: '配送单', fields: ['id', 'orderCode'], batch: true, needsGet: false },
} as const satisfies Record<
  string,
  {
    title: string;
    fields: readonly string[];
    batch: boolean;
    needsGet: boolean;
    /** A row print gathers the list's rows with the same value of this field (a filter of the resource). */
    gatherBy?: string;
  }
>;

export type PrintDoc = keyof typeof PRINT_DOCS;

export const PRINT_DOC_NAMES = Object.keys(PRINT_DOCS) as PrintDoc[];

export const isPrintDoc = (v: unknown): v is PrintDoc =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(PRINT_DOCS, v);
