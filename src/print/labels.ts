import {
  approvalStatusLabels,
  deliveryBatchLabels,
  deliveryMethodLabels,
  pickOrderStatusLabels,
  pickZoneLabels,
  replenishmentStatusLabels,
  shopOrderPrintStatusLabels,
  stockOutStatusLabels,
  stockOutTypeLabels,
  transferApplyStatusLabels,
} from '@/generated/enums';

/**
 * Status and type labels of the printed documents, from the enum tables (schemas/enums via
 * src/generated). An unknown value prints as itself rather than as a blank.
 */
const label = (labels: Record<number, string>) => (v: number | null | undefined) =>
  v === null || v === undefined ? '-' : (labels[v] ?? String(v));

export const pickOrderStatus = label(pickOrderStatusLabels);
export const pickZone = label(pickZoneLabels);
export const deliveryBatch = label(deliveryBatchLabels);
export const stockOutType = label(stockOutTypeLabels);
export const stockOutStatus = label(stockOutStatusLabels);
export const transferStatus = label(transferApplyStatusLabels);
export const shopOrderPrintStatus = label(shopOrderPrintStatusLabels);
export const deliveryMethod = label(deliveryMethodLabels);
export const approvalStatus = label(approvalStatusLabels);
export const replenishmentStatus = label(replenishmentStatusLabels);

/** SPEC 3: a replenishment row with status 2 is done and read-only (its quantity is final). */
export const REPLENISHMENT_DONE = 2;

/** SPEC 3 un-shelved item: upStatus true shelved, false not shelved. */
export const upStatus = (v: boolean) => (v ? '已上架' : '未上架');
