/**
 * The shapes of the nine printed documents (SPEC 3). API shapes mirror the server's answers;
 * storage shapes are what the list pages write into session or local storage (../storage.ts).
 * Fields beyond SPEC's lists are optional and printed when present.
 */

/** GET /gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode/{code} (schemas/resources/pickOrder.json). */
export interface PickOrder {
  id: number;
  pickOrderCode: string;
  storeCode: string;
  storeName: string;
  warehouseName: string;
  pickZone: number;
  deliveryBatch: number;
  status: number;
  pickerName: string | null;
  userName: string;
  lineCount: number;
  totalQuantity: number;
  createTime: string;
  finishTime: string | null;
  remark: string | null;
  itemList: PickOrderLine[];
}

export interface PickOrderLine {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  barCode: string | null;
  shelfNo: string | null;
  pickQuantity: number;
  realPickQuantity: number | null;
  remark: string | null;
}

/** GET /gateApi/storageAdmin/stockOutOrder/findStockOutOrderAndItemById/{id} (schemas/resources/stockOutOrder.json). */
export interface StockOutOrder {
  id: number;
  orderCode: string;
  outputType: number;
  status: number;
  deliveryOrderCode: string | null;
  storeName: string | null;
  flowshopName: string | null;
  warehouseInName: string | null;
  warehouseName: string;
  supplierName: string | null;
  outTime: string | null;
  employeeName: string | null;
  referCode: string | null;
  totalAmount: number;
  createTime: string;
  itemList: StockOutLine[];
}

export interface StockOutLine {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commodityUnitName: string;
  commodityPrice: number;
  expectQuantity: number;
  outStockQuantity: number | null;
  totalAmount: number | null;
  returnReasons: string | null;
  remark: string | null;
  barCodeList: string[] | null;
}

/** POST /gateApi/storageAdmin/alloc/web/print/{orderCode} (server/routes/print-data/transfer-print.ts). */
export interface TransferPrint {
  orderCode: string;
  companyName: string;
  produceDate: string;
  warehouseOutName: string;
  warehouseInName: string;
  deadlineOutTime: string | null;
  status: number;
  auditorName: string | null;
  auditTime: string | null;
  createName: string;
  createTime: string;
  remark: string | null;
  printCount: number;
  printTime: string;
  printName: string;
  totalExpectQuantity: number;
  totalRealQuantity: number;
  itemList: TransferLine[];
}

export interface TransferLine {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  commodityUnitName: string;
  expectQuantity: number;
  realQuantity: number | null;
}

/** GET /api/v1/shop/findAppOrderDetailsByOrderId?orderId&isPrint=1 (server/routes/print-data/shop-order.ts). */
export interface ShopAppOrder {
  id: number;
  orderCode: string;
  storeName: string;
  /** With isPrint=1: the shop-app order print status (schemas/enums/shopOrderPrintStatus.json). */
  orderStatus: number;
  deliveryMethod: number;
  receiveTime: string;
  receiveInterval: string;
  receiveMan: string;
  receivePhone: string;
  receiveAddress: string;
  goodsAmount: number;
  freightAmount: number;
  discountAmount: number;
  payAmount: number;
  remark: string | null;
  createTime: string;
  payTime: string | null;
  totalQuantity: number;
  items: ShopAppOrderLine[];
}

export interface ShopAppOrderLine {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  unitName: string;
  quantity: number;
  isWeight: boolean;
  price: number;
  amount: number;
  promotionName: string | null;
}

/** GET /gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById/{id} (server/routes/print-data/obtain-order.ts). */
export interface ObtainOrder {
  id: number;
  orderCode: string;
  departmentName: string;
  warehouseName: string;
  obtainDate: string;
  obtainName: string;
  stockUserName: string | null;
  /** schemas/enums/approvalStatus.json */
  status: number;
  remark: string | null;
  createTime: string;
  totalQuantity: number;
  totalPickQuantity: number;
  totalPickAmount: number;
  items: ObtainOrderLine[];
}

export interface ObtainOrderLine {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  unitName: string;
  quantity: number;
  pickQuantity: number | null;
  price: number;
  pickAmount: number | null;
}

// --- written by the list pages (../storage.ts) ---

/** Session storage, /print/reveiveAdd/{receiveCode}: a receipt (SPEC 3 'Receipt'). */
export interface ReceivePrintData {
  referOrder: {
    purchaseCode: string;
    warehouseName: string;
    createName: string;
    supplierName: string;
  };
  commodityList: ReceiveLine[];
  /** When the goods were received and by whom (optional). */
  receiveTime?: string | null;
  receiveName?: string | null;
}

export interface ReceiveLine {
  commodityCode: string;
  realQuantity: number;
  numberUnit: string;
  productionTime?: string | null;
  expirationTime?: string | null;
  /** Box dimensions in centimetres and weight in kilograms. */
  length?: number | null;
  width?: number | null;
  height?: number | null;
  weight?: number | null;
  qualityDays?: number | null;
  commodityName?: string | null;
  commoditySpec?: string | null;
}

/** Session storage, /print/unupList/{param}: goods still to be put away (SPEC 3 'Un-shelved item'). */
export interface UnupListPrintData {
  items: UnshelvedItem[];
  warehouseName?: string | null;
  /** The receipt the goods came in with (optional). */
  receiveCode?: string | null;
}

export interface UnshelvedItem {
  commodityCode: string;
  commodityName: string;
  commoditySpec?: string | null;
  commodityUnit: string;
  plankCode?: string | null;
  shelfNo?: string | null;
  /** true shelved, false not shelved. */
  upStatus: boolean;
}

/** Session storage, /print/replenishmentPC/{param}: replenishment rows (SPEC 3 'Replenishment row'). */
export interface ReplenishmentPrintData {
  rows: ReplenishmentRow[];
}

export interface ReplenishmentRow {
  warehouseName: string;
  storageShelfNo: string;
  shelfNo: string;
  realName: string;
  replenishmentQuantity: number;
  realReplenishmentQuantity?: number | null;
  /** 2 means done (read-only on paper); schemas/enums/replenishmentStatus.json. */
  status: number;
  commodityCode?: string | null;
  commodityName?: string | null;
  commoditySpec?: string | null;
}

/** Local storage, /print/UndeliveredPrint/{param}: the shop-app order ids to print, one slip each. */
export interface UndeliveredPrintData {
  orderIds: number[];
}
