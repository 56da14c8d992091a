import type { PickOrderDetail as PickOrder } from '../../src/generated/resources/pickOrder';

/**
 * What the receipt, putaway and replenishment list pages write into session storage for their print
 * pages (the mapped fields of the print files' sources, schemas/prints), built from a real pick
 * order's lines so the goods are the seed's.
 */
const DAY = 86_400_000;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function receiptOf(order: PickOrder, lines: number) {
  const base = Date.parse('2026-02-20T00:00:00Z');
  return {
    referOrder: {
      purchaseCode: 'CG20260228000017',
      warehouseName: order.warehouseName,
      createName: '吴芳',
      supplierName: '浙江绿源果蔬合作社',
    },
    receiveTime: '2026-03-01T02:30:00Z',
    receiveName: '王仓管',
    commodityList: order.itemList.slice(0, lines).map((l, i) => ({
      commodityCode: l.commodityCode,
      commodityName: l.commodityName,
      commoditySpec: l.commoditySpec,
      realQuantity: l.pickQuantity * 10,
      numberUnit: l.commoditySpec?.endsWith('散称') ? '千克' : '箱',
      productionTime: date(base + (i % 5) * DAY),
      expirationTime: date(base + (i % 5) * DAY + 15 * DAY),
      qualityDays: 15,
      length: 60,
      width: 40,
      height: 30 + (i % 3) * 5,
      weight: 12.5 + i / 8,
    })),
  };
}

export function unshelvedOf(order: PickOrder, lines: number) {
  return {
    receiveCode: 'SH20260301000088',
    items: order.itemList.slice(0, lines).map((l, i) => ({
      warehouseName: order.warehouseName,
      commodityCode: l.commodityCode,
      commodityName: l.commodityName,
      commoditySpec: l.commoditySpec,
      commodityUnit: l.commoditySpec?.endsWith('散称') ? '千克' : '箱',
      plankCode: `TP${String(1000 + i).padStart(6, '0')}`,
      shelfNo: l.shelfNo,
      upStatus: i % 4 === 0,
    })),
  };
}

export function replenishmentOf(order: PickOrder, lines: number) {
  return {
    rows: order.itemList.slice(0, lines).map((l, i) => ({
      warehouseName: order.warehouseName,
      storageShelfNo: `S${l.shelfNo ?? 'A01-01-01'}`,
      shelfNo: l.shelfNo ?? 'A01-01-01',
      realName: ['周伟', '吴芳', '郑娜'][i % 3]!,
      replenishmentQuantity: l.pickQuantity,
      // Every third row is done (status 2): its real quantity is printed, read-only.
      realReplenishmentQuantity: i % 3 === 0 ? l.pickQuantity : null,
      status: i % 3 === 0 ? 2 : 0,
      commodityCode: l.commodityCode,
      commodityName: l.commodityName,
    })),
  };
}

/** The storage value a list page writes: { savedAt, data } (src/print/storage.ts). */
export const stored = (data: unknown, savedAt = Date.now()) => JSON.stringify({ savedAt, data });
