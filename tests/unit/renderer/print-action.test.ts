import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pickOrder from '@schemas/resources/pickOrder.json';
import putawayItem from '@schemas/resources/putawayItem.json';
import receiveOrder from '@schemas/resources/receiveOrder.json';
import replenishment from '@schemas/resources/replenishment.json';
import shopAppOrder from '@schemas/resources/shopAppOrder.json';
import stockOutOrder from '@schemas/resources/stockOutOrder.json';
import transferApply from '@schemas/resources/transferApply.json';
import obtainOrder from '@schemas/resources/obtainOrder.json';
import { printKey } from '@/print/storage';
import type { DataProvider, ListParams } from '@/renderer/data/provider';
import { INCOMPLETE_DATA, NOTHING_TO_PRINT, runPrint, tooMany } from '@/renderer/list/print-action';
import { selectionCode } from '@/schema/print-handover';
import type { ResourceDef, Row } from '@/renderer/schema-types';

// Issue 8 point 4 and 12.10: what a list page's print action hands to the print page and which tab it
// opens, read from the print files alone (schemas/prints: route, source). The browser's storages and
// window.open are replaced by plain in-memory ones: Node has neither.

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  clear() {
    this.items.clear();
  }
}

const g = globalThis as Record<string, unknown>;
let opened: unknown[][];
let warnings: string[];

beforeEach(() => {
  opened = [];
  warnings = [];
  g.sessionStorage = new MemoryStorage();
  g.localStorage = new MemoryStorage();
  g.window = { open: (...args: unknown[]) => opened.push(args) };
});
afterEach(() => {
  delete g.sessionStorage;
  delete g.localStorage;
  delete g.window;
});

/** A provider answering from fixed rows; records the list requests it gets. */
function provider(list: Row[] = [], one: Row = {}) {
  const calls: ListParams[] = [];
  const p = {
    getList: async (params: ListParams) => {
      calls.push(params);
      return { list, total: list.length, pageNo: 1, pageSize: params.pageSize };
    },
    getOne: async () => one,
  } as unknown as DataProvider;
  return { p, calls };
}

const ctx = (resource: unknown, p: DataProvider, rows: Row[], batch = false) => ({
  provider: p,
  resource: resource as ResourceDef,
  rows,
  batch,
  warn: (t: string) => warnings.push(t),
});

/** What the print page will read: the stored data of a print file's sheet. */
const stored = (name: string, param: string, storage: Storage = sessionStorage) =>
  (JSON.parse(storage.getItem(printKey(name, param)) ?? 'null') as { data: Row } | null)?.data;

const replRow = (code: string, extra: Row = {}): Row => ({
  replenishmentCode: code,
  warehouseName: '杭州中心大仓',
  storageShelfNo: 'A01-01-01',
  shelfNo: 'B02-02-02',
  realName: '周伟',
  replenishmentQuantity: 12,
  realReplenishmentQuantity: null,
  status: 0,
  commodityCode: '100001',
  commodityName: '红富士苹果（精品）',
  commoditySpec: '精品/散称',
  ...extra,
});

describe('print action', () => {
  it('receipt: the lines come from the get endpoint, go to session storage, then the tab opens (with opener)', async () => {
    const full = {
      id: 7,
      receiveCode: 'SH20260301000007',
      purchaseCode: 'CG20260228000007',
      warehouseName: '杭州中心大仓',
      supplierName: '云南高原果业',
      createName: '吴芳',
      receiveName: '周伟',
      receiveTime: '2026-03-01T02:00:00.000Z',
      commodityList: [
        {
          lineNo: 1,
          commodityCode: '100001',
          commodityName: '红富士苹果（精品）',
          commoditySpec: '精品/散称',
          realQuantity: 12.5,
          numberUnit: '千克',
          productionTime: '2026-02-27',
          expirationTime: '2026-03-09',
          length: 40,
          width: 30,
          height: null,
          weight: 12.5,
          qualityDays: 10,
        },
      ],
    };
    const { p } = provider([], full);
    await runPrint('receive', ctx(receiveOrder, p, [{ id: 7, receiveCode: full.receiveCode }]));
    expect(warnings).toEqual([]);
    expect(opened).toEqual([['/print/reveiveAdd/SH20260301000007', '_blank']]);
    expect(stored('receive', full.receiveCode)).toEqual({
      referOrder: {
        purchaseCode: 'CG20260228000007',
        warehouseName: '杭州中心大仓',
        supplierName: '云南高原果业',
        createName: '吴芳',
      },
      // Only the mapped fields: the line's number and the receipt's id stay behind.
      commodityList: full.commodityList.map(({ lineNo: _, ...line }) => line),
      receiveName: '周伟',
      receiveTime: '2026-03-01T02:00:00.000Z',
    });
  });

  it('a receipt without lines opens nothing and says so', async () => {
    const { p } = provider([], { receiveCode: 'SH1', purchaseCode: 'CG1', commodityList: [] });
    await runPrint('receive', ctx(receiveOrder, p, [{ id: 1, receiveCode: 'SH1' }]));
    expect([opened, warnings]).toEqual([[], [NOTHING_TO_PRINT]]);
  });

  it('replenishment row: the whole task by its exact code, with done rows as they are', async () => {
    const rows = [
      replRow('BH20260301000070', { status: 2, realReplenishmentQuantity: 11 }),
      replRow('BH20260301000070'),
      replRow('BH20260301000070X'),
    ];
    const { p, calls } = provider(rows);
    await runPrint('replenishment', ctx(replenishment, p, [rows[0]!]));
    expect(calls).toEqual([
      { pageNo: 1, pageSize: 500, sort: [], filters: { replenishmentCode: 'BH20260301000070' } },
    ]);
    expect(opened).toEqual([['/print/replenishmentPC/BH20260301000070', '_blank']]);
    const data = stored('replenishment', 'BH20260301000070')!;
    expect((data.rows as Row[]).map((r) => [r.status, r.realReplenishmentQuantity])).toEqual([
      [2, 11],
      [0, null],
    ]);
  });

  it('putaway batch: the selected goods under a code of their own, nothing fetched', async () => {
    const goods = ['100001', '100002'].map((code, i) => ({
      receiveCode: `SH2026030100008${i}`,
      warehouseName: '宁波前置仓',
      commodityCode: code,
      commodityName: `商品${code}`,
      commoditySpec: null,
      commodityUnit: '盒',
      plankCode: 'TP00001',
      shelfNo: null,
      upStatus: i === 1,
    }));
    const { p, calls } = provider();
    await runPrint('unupList', ctx(putawayItem, p, goods, true));
    expect(calls).toEqual([]);
    const [url, target] = opened[0] as string[];
    expect(target).toBe('_blank');
    const param = decodeURIComponent(url!.replace('/print/unupList/', ''));
    expect(param).toMatch(/^SJ-\d{17}$/);
    // Two receipts: no one receipt code; the warehouse goes with each line (the sheet prints it once).
    expect(stored('unupList', param)).toMatchObject({
      receiveCode: null,
      items: [
        { commodityCode: '100001', upStatus: false, warehouseName: '宁波前置仓' },
        { commodityCode: '100002', upStatus: true, warehouseName: '宁波前置仓' },
      ],
    });
  });

  it('shop-app orders: ids in local storage, at most 50 slips at once', async () => {
    const { p } = provider();
    const orders = Array.from({ length: 51 }, (_, i) => ({ id: i + 1, orderCode: `APP${i}` }));
    await runPrint('undelivered', ctx(shopAppOrder, p, orders, true));
    expect([opened, warnings]).toEqual([[], [tooMany(50, '配送单')]]);
    expect(warnings[0]).toBe('一次最多打印 50 张配送单');
    await runPrint('undelivered', ctx(shopAppOrder, p, [orders[4]!]));
    expect(opened).toEqual([['/print/UndeliveredPrint/APP4', '_blank']]);
    expect(JSON.parse(localStorage.getItem(printKey('undelivered', 'APP4'))!).data).toEqual({
      orderIds: [5],
    });
    expect(sessionStorage.length).toBe(0);
  });

  it('documents loaded by code only open their route, without an opener', async () => {
    const { p, calls } = provider();
    await runPrint('pickPC', ctx(pickOrder, p, [{ id: 9, pickOrderCode: 'JH20260301000600' }]));
    await runPrint('unPickOrder', ctx(pickOrder, p, [{ id: 9, pickOrderCode: 'JH20260301000600' }]));
    await runPrint('stockOut', ctx(stockOutOrder, p, [{ id: 4, orderCode: 'CK20260301000001' }]));
    await runPrint('transfer', ctx(transferApply, p, [{ id: 5, orderCode: 'DB 1/2' }]));
    await runPrint('obtainOrder', ctx(obtainOrder, p, [{ id: 3, orderCode: 'LY1' }]));
    expect(opened).toEqual([
      ['/print/pickPC/JH20260301000600', '_blank', 'noopener'],
      ['/print/UnPickOrderPrint/JH20260301000600', '_blank', 'noopener'],
      ['/print/StockOutPrint/CK20260301000001', '_blank', 'noopener'],
      ['/print/allocateTransfer/transferOrderPrint/DB%201%2F2', '_blank', 'noopener'],
      ['/print/finance/print/3', '_blank', 'noopener'],
    ]);
    expect(calls).toEqual([]);
  });

  it('rows missing what the sheet needs open nothing (the print page would only call it stale)', async () => {
    const { p } = provider();
    await runPrint('replenishment', ctx(replenishment, p, [replRow('BH1', { realName: null })], true));
    expect([opened, warnings]).toEqual([[], [INCOMPLETE_DATA]]);
    expect(sessionStorage.length).toBe(0);
  });

  it('a selection code is the China-time instant to the millisecond', () => {
    expect(selectionCode('BH', Date.parse('2026-03-01T16:30:05.123Z'))).toBe('BH-20260302003005123');
  });
});
