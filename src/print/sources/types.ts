/**
 * The print data list pages hand to the storage-backed print pages (SPEC 3), written into session or
 * local storage (../storage.ts) and read back by the print files of schemas/prints (source type
 * storage). Their own shapes, not resource rows: the list page gathers and flattens them (optional
 * fields, the receipt's purchase nested), and storage.ts checks every value read back. The documents
 * loaded from the server have no hand-written type: their print files name the resource's fields
 * (src/generated/resources).
 */

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
