import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../fixtures/app';
import { boundPicker, PICK_LIST, STOCK_OUT_LIST } from './resource-helpers';
import { expectLedgerAgrees } from './ledger-helpers';

/**
 * The supply loop's first steps for server tests (issue 16.2, 16.3): md001's store (杭州文三路店) orders
 * from 杭州中心大仓 (21), wh001 picks and finishes, the pick raises the sorting order, sorted on the seeding
 * wall and finished it raises the delivery stock-out. Shared by the sorting, stock-out and delivery-order tests.
 */
export const ORDER = '/api/v1/shop/storeOrder';
export const PICK = '/gateApi/storageAdmin/pickOrder';
export const OUT = '/gateApi/storageAdmin/stockOutOrder';
export const SORT = '/gateApi/storageAdmin/sortingOrder';
export const SORTING_LIST = `${SORT}/web/list`;
export const WALL = '/gateApi/storageAdmin/seedingwall/web';
export const STOCK_OUT_LIST_URL = STOCK_OUT_LIST;
const STOCK = '/api/v1/storage/stock/findByPage';

export type Row = Record<string, unknown>;

const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

/** `get`: the test app and the tokens, once the suite's beforeAll has made them. */
export function supplyLoop(get: () => { t: TestApp; md: string; wh: string }) {
  // Reads the app lazily: get() has it only once the suite's beforeAll has run.
  const json: TestApp['json'] = (...args) => get().t.json(...args);
  const db = () => get().t.database.db;
  const tokens = get;

  /** Enabled commodities of pick zone 1 that warehouse 21 holds at least `min` of. */
  async function held(min: number) {
    const { rows } = await sql<{ code: string; price: string }>`
      select c.code, c.purchase_price as price
      from commodity c join stock s on s.commodity_code = c.code
      where s.warehouse_id = 21 and c.status = 1 and c.pick_zone = 1 and s.shelf_code <> '在途'
        and s.frozen_by is null
      group by c.code, c.purchase_price
      having sum(s.available_quantity) >= ${min}
      order by c.code`.execute(db());
    expect(rows.length).toBeGreaterThan(1);
    return rows.map((r) => ({ code: r.code, price: Number(r.price) }));
  }

  async function stockOf(code: string) {
    const rows = (
      await json(tokens().wh, 'POST', STOCK, {
        pageNo: 1,
        pageSize: 200,
        warehouseId: 21,
        commodityCode: code,
      })
    ).body.data.list as Row[];
    const sum = (f: string) => Math.round(rows.reduce((a, r) => a + Number(r[f]), 0) * 1000) / 1000;
    return { quantity: sum('quantity'), locked: sum('lockedQuantity'), available: sum('availableQuantity') };
  }

  const ledgerAgrees = () => expectLedgerAgrees(db());

  /** A store order of one commodity, approved at once, picked at `real` and finished: its sorting order. */
  async function picked(code: string, real: number) {
    const { md, wh } = tokens();
    const made = await json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch: 1,
      itemList: [{ commodityCode: code, quantity: real + 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await json(md, 'POST', `${ORDER}/submit/${made.body.data.id}`)).body.data.status).toBe(20);
    const [pick] = (
      await json(wh, 'POST', PICK_LIST, { pageNo: 1, pageSize: 5, storeOrderCode: made.body.data.orderCode })
    ).body.data.list as Row[];
    // A picker bound to the order's zone (陈列区 of 杭州中心大仓: held() takes zone 1 commodities).
    const picker = await boundPicker(get().t, 21, 1);
    await json(wh, 'POST', `${PICK}/assignPicker/${String(pick!.id)}`, { pickerId: picker.id });
    const detail = (
      await json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${String(pick!.pickOrderCode)}`)
    ).body.data;
    const line = detail.itemList[0] as Row;
    const picked = await json(wh, 'POST', `${PICK}/web/updatePickQuantity`, {
      id: pick!.id,
      itemList: [
        {
          commodityCode: line.commodityCode,
          commodityName: line.commodityName,
          commoditySpec: line.commoditySpec,
          pickQuantity: line.pickQuantity,
          realPickQuantity: real,
        },
      ],
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    const finished = await json(wh, 'POST', `${PICK}/finishPickOrder/${String(pick!.id)}`);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    const [sorting] = (
      await json(wh, 'POST', SORTING_LIST, { pageNo: 1, pageSize: 5, keyword: pick!.pickOrderCode })
    ).body.data.list as Row[];
    expect(sorting, 'the finished pick order raised its sorting order').toBeDefined();
    return {
      pick: pick!,
      storeOrderCode: String(made.body.data.orderCode),
      sorting: (await json(wh, 'GET', `${SORT}/web/detailList/${String(sorting!.id)}`)).body.data as Row & {
        id: number;
        sortingOrderCode: string;
        itemList: Row[];
      },
    };
  }

  /** picked(), then sorted as picked and finished on the seeding wall: the stock-out it raised. */
  async function pickedOut(code: string, real: number) {
    const { wh } = tokens();
    const { pick, storeOrderCode, sorting } = await picked(code, real);
    const sorted = await json(wh, 'POST', `${SORT}/web/sortAsPicked/${sorting.id}`);
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    const done = await json(wh, 'POST', `${SORT}/web/finishSorting/${sorting.id}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [out] = (
      await json(wh, 'POST', STOCK_OUT_LIST, { pageNo: 1, pageSize: 5, pickOrderCode: pick.pickOrderCode })
    ).body.data.list as Row[];
    expect(out, 'the finished sorting order raised its stock-out').toBeDefined();
    return {
      pick,
      storeOrderCode,
      sorting,
      out: (await json(wh, 'GET', `${OUT}/findStockOutOrderAndItemById/${String(out!.id)}`)).body
        .data as Row & {
        id: number;
        orderCode: string;
        itemList: Row[];
      },
    };
  }

  return { json, held, stockOf, ledgerAgrees, picked, pickedOut };
}
