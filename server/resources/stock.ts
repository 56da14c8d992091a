import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { conditionHolds, readTemplate } from '../../src/schema/effects';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import type { StockMoveDef } from '../../src/generated/schema-files';
import type { Actor } from './context';
import { rowName } from './context';
import type { AnyDb } from './sql/db';

type Row = Record<string, unknown>;

/**
 * Stock moves of document transitions (resource transition `stock`, DOMAIN.md section 2): the only
 * writer of the stock and stock_ledger tables (resources stock and stockLedger own them). Every move
 * locks the stock rows it reads, changes them and writes one ledger row with the balance after, inside
 * the transition's transaction, so the stock always equals the sum of its ledger and two confirmations
 * of one document move stock once (the second waits for the row lock, then finds the state changed).
 */

interface Stock {
  id: number;
  quantity: string | number;
  lockedQuantity: string | number;
  batchNo: string;
  shelfCode: string;
  productionDate: unknown;
  expiryDate: unknown;
  /** The code of the document (a stocktake) that froze the row; only it may move the row. */
  frozenBy: string | null;
}

interface Move {
  type: number;
  warehouseId: number;
  commodityCode: string;
  quantity: number;
  shelf: string;
  /** Whether the document names a shelf ('' = the receiving area); an `out` naming none takes any shelf. */
  shelfNamed: boolean;
  toShelf: string;
  /** dispatch: the warehouse the goods travel to. */
  toWarehouseId: number;
  batch: string | undefined;
  productionDate: string | null;
  expiryDate: string | null;
}

/** Quantities keep 3 decimals (SPEC 9): sums are rounded so no floating-point tail reaches the table. */
const q3 = (n: number) => Math.round(n * 1000) / 1000;
const num = (v: unknown) => Number(v ?? 0);

function moveOf(def: StockMoveDef, doc: Row, line: Row): Move {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const day = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v).slice(0, 10));
  return {
    type: def.type,
    warehouseId: Number(readTemplate(def.warehouse, doc, line)),
    commodityCode: text(readTemplate(def.commodity, doc, line)),
    quantity: q3(num(readTemplate(def.quantity, doc, line))),
    shelf: text(readTemplate(def.shelf, doc, line)),
    shelfNamed: def.shelf !== undefined && readTemplate(def.shelf, doc, line) != null,
    toShelf: text(readTemplate(def.toShelf, doc, line)),
    toWarehouseId: Number(readTemplate(def.toWarehouse, doc, line)),
    batch: def.batch ? text(readTemplate(def.batch, doc, line)) : undefined,
    productionDate: day(readTemplate(def.productionDate, doc, line)),
    expiryDate: day(readTemplate(def.expiryDate, doc, line)),
  };
}

/** The commodity's names, kept on the stock row and the ledger (lists never join the master). */
async function commodityOf(trx: AnyDb, code: string) {
  const c = await trx
    .selectFrom('commodity')
    .select(['name', 'spec', 'unitName', 'categoryCode', 'barcodes'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!c) throw ApiError.badRequest(`商品${code}不存在`);
  return c as {
    name: string;
    spec: string | null;
    unitName: string;
    categoryCode: string;
    barcodes: unknown;
  };
}

const STOCK_COLUMNS = [
  'id',
  'quantity',
  'lockedQuantity',
  'batchNo',
  'shelfCode',
  'productionDate',
  'expiryDate',
  'frozenBy',
] as const;

interface Context {
  trx: AnyDb;
  actor: Actor;
  docType: string;
  docCode: string;
  now: Date;
}

async function ledger(
  ctx: Context,
  m: Move,
  stock: Stock,
  name: string,
  dq: number,
  dl: number,
  after: number,
) {
  await ctx.trx
    .insertInto('stock_ledger')
    .values({
      stockId: stock.id,
      moveType: m.type,
      docType: ctx.docType,
      docCode: ctx.docCode,
      warehouseId: m.warehouseId,
      commodityCode: m.commodityCode,
      commodityName: name,
      shelfCode: stock.shelfCode,
      batchNo: stock.batchNo,
      quantity: dq,
      lockedQuantity: dl,
      balanceAfter: after,
      operatorName: ctx.actor.realName,
      createTime: ctx.now,
    })
    .execute();
}

/** Changes one stock row by dq (on hand) and dl (locked), then writes its ledger row. */
async function change(ctx: Context, m: Move, stock: Stock, name: string, dq: number, dl: number) {
  // A row frozen by a stocktake moves only through that stocktake (its posting), never another document.
  if (stock.frozenBy && stock.frozenBy !== ctx.docCode)
    throw ApiError.conflict(
      `${name}（${m.commodityCode}）货位${stock.shelfCode || '收货区'}批次${stock.batchNo}的库存已被盘点单${stock.frozenBy}冻结，盘点结束前不能变动`,
    );
  const quantity = q3(num(stock.quantity) + dq);
  const locked = q3(num(stock.lockedQuantity) + dl);
  await ctx.trx
    .updateTable('stock')
    .set({ quantity, lockedQuantity: locked, availableQuantity: q3(quantity - locked), updateTime: ctx.now })
    .where('id', '=', stock.id)
    .execute();
  await ledger(ctx, m, stock, name, dq, dl, quantity);
}

/** The row of a batch on a shelf, created empty when new; locked for this transaction. */
async function batchRow(ctx: Context, m: Move, shelf: string, batch: string): Promise<Stock> {
  const c = await commodityOf(ctx.trx, m.commodityCode);
  await ctx.trx
    .insertInto('stock')
    .values({
      warehouseId: m.warehouseId,
      commodityCode: m.commodityCode,
      commodityName: c.name,
      commoditySpec: c.spec,
      unitName: c.unitName,
      categoryCode: c.categoryCode,
      // Kept like the names, so a count sheet's scan box finds the batch by any of its barcodes.
      barcodes: JSON.stringify(c.barcodes ?? []),
      shelfCode: shelf,
      batchNo: batch,
      productionDate: m.productionDate,
      expiryDate: m.expiryDate,
      quantity: 0,
      lockedQuantity: 0,
      availableQuantity: 0,
    })
    .onConflict((oc) => oc.columns(['warehouseId', 'commodityCode', 'shelfCode', 'batchNo']).doNothing())
    .execute();
  return (await ctx.trx
    .selectFrom('stock')
    .select(STOCK_COLUMNS)
    .where('warehouseId', '=', m.warehouseId)
    .where('commodityCode', '=', m.commodityCode)
    .where('shelfCode', '=', shelf)
    .where('batchNo', '=', batch)
    .forUpdate()
    .executeTakeFirstOrThrow()) as Stock;
}

/** The batches a move takes from: on the shelf (any shelf when none is named), earliest expiry first. */
async function sources(ctx: Context, m: Move, byShelf: boolean): Promise<Stock[]> {
  let q = ctx.trx
    .selectFrom('stock')
    .select(STOCK_COLUMNS)
    .where('warehouseId', '=', m.warehouseId)
    .where('commodityCode', '=', m.commodityCode)
    .where('quantity', '>', 0);
  // Goods in transit are nobody's to pick: only a move naming the in-transit shelf takes them.
  q = byShelf ? q.where('shelfCode', '=', m.shelf) : q.where('shelfCode', '<>', TRANSIT_SHELF);
  if (m.batch) q = q.where('batchNo', '=', m.batch);
  return (await q
    .orderBy(sql`expiry_date asc nulls last`)
    .orderBy('id')
    .forUpdate()
    .execute()) as Stock[];
}

/** Takes `amount` off the sources' available (or locked, for locked picks) stock, earliest first. */
async function take(
  ctx: Context,
  m: Move,
  name: string,
  list: Stock[],
  amount: number,
  how: { fromLocked: boolean; dq: -1 | 0; dl: -1 | 0 | 1 },
): Promise<{ stock: Stock; part: number }[]> {
  const free = (s: Stock) =>
    how.fromLocked ? num(s.lockedQuantity) : q3(num(s.quantity) - num(s.lockedQuantity));
  const total = q3(list.reduce((a, s) => a + free(s), 0));
  if (total < amount) {
    const what = how.fromLocked ? '锁定库存' : '可用库存';
    throw ApiError.conflict(`${name}（${m.commodityCode}）${what}不足：需要 ${amount}，现有 ${total}`);
  }
  const parts: { stock: Stock; part: number }[] = [];
  let left = amount;
  for (const s of list) {
    if (left <= 0) break;
    const part = q3(Math.min(free(s), left));
    if (part <= 0) continue;
    await change(ctx, m, s, name, how.dq * part, how.dl * part);
    parts.push({ stock: s, part });
    left = q3(left - part);
  }
  return parts;
}

/**
 * freeze/unfreeze: marks the line's stock rows (its shelf and batch when named) as held by this
 * document, or releases what it holds. A row another document froze refuses the freeze.
 */
async function freeze(ctx: Context, m: Move, on: boolean): Promise<void> {
  let q = ctx.trx
    .selectFrom('stock')
    .select(STOCK_COLUMNS)
    .where('warehouseId', '=', m.warehouseId)
    .where('commodityCode', '=', m.commodityCode);
  if (m.shelf) q = q.where('shelfCode', '=', m.shelf);
  if (m.batch) q = q.where('batchNo', '=', m.batch);
  const rows = (await q.forUpdate().execute()) as Stock[];
  for (const s of rows) {
    if (on && s.frozenBy && s.frozenBy !== ctx.docCode) {
      const { name } = await commodityOf(ctx.trx, m.commodityCode);
      throw ApiError.conflict(`${name}（${m.commodityCode}）的库存已被盘点单${s.frozenBy}冻结`);
    }
    if (!on && s.frozenBy !== ctx.docCode) continue;
    await ctx.trx
      .updateTable('stock')
      .set({ frozenBy: on ? ctx.docCode : null })
      .where('id', '=', s.id)
      .execute();
  }
}

/** A stock row's date as YYYY-MM-DD: the drivers read a date column as a Date at local midnight. */
function stockDay(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (!(v instanceof Date)) return String(v).slice(0, 10);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
}

/** The virtual shelf of goods between two warehouses, in the receiving warehouse (docs/decisions.md). */
export const TRANSIT_SHELF = '在途';

/**
 * dispatch: off any shelf of the source (earliest expiry first) onto the in-transit shelf of the target
 * warehouse, batch by batch, held locked there (on hand in transit, not available); arrive: off the
 * in-transit shelf (releasing the lock) onto `toShelf` of the same warehouse. Each side writes its
 * ledger row, so the stock stays the sum of its ledger in both warehouses.
 */
async function transit(ctx: Context, kind: 'dispatch' | 'arrive', m: Move, name: string): Promise<void> {
  const dispatch = kind === 'dispatch';
  if (dispatch && (!Number.isInteger(m.toWarehouseId) || m.toWarehouseId === m.warehouseId))
    throw ApiError.badRequest('调出仓与调入仓不能相同');
  const from = dispatch ? m : { ...m, shelf: TRANSIT_SHELF };
  const parts = await take(ctx, from, name, await sources(ctx, from, !dispatch), m.quantity, {
    fromLocked: !dispatch,
    dq: -1,
    dl: dispatch ? 0 : -1,
  });
  for (const { stock, part } of parts) {
    const to = {
      ...m,
      warehouseId: dispatch ? m.toWarehouseId : m.warehouseId,
      productionDate: stockDay(stock.productionDate),
      expiryDate: stockDay(stock.expiryDate),
    };
    const row = await batchRow(ctx, to, dispatch ? TRANSIT_SHELF : m.toShelf, stock.batchNo);
    await change(ctx, to, row, name, part, dispatch ? part : 0);
  }
}

async function apply(ctx: Context, def: StockMoveDef, m: Move): Promise<void> {
  if (def.move === 'freeze' || def.move === 'unfreeze') {
    if (m.commodityCode) await freeze(ctx, m, def.move === 'freeze');
    return;
  }
  if (!(m.quantity > 0)) return;
  if (!Number.isInteger(m.warehouseId) || !m.commodityCode)
    throw ApiError.badRequest('库存变动缺少仓库或商品');
  const name = (await commodityOf(ctx.trx, m.commodityCode)).name;
  switch (def.move) {
    case 'in': {
      const batch = m.batch || `${ctx.docCode}`;
      const row = await batchRow(ctx, m, m.shelf, batch);
      await change(ctx, m, row, name, m.quantity, 0);
      return;
    }
    case 'out':
      // A line naming its shelf (and batch) takes from there; one naming none takes the earliest
      // expiry first from any shelf of the warehouse (FEFO), goods in transit excepted.
      await take(ctx, m, name, await sources(ctx, m, m.shelfNamed), m.quantity, {
        fromLocked: false,
        dq: -1,
        dl: 0,
      });
      return;
    case 'lock':
      await take(ctx, m, name, await sources(ctx, m, false), m.quantity, { fromLocked: false, dq: 0, dl: 1 });
      return;
    case 'unlock':
      await take(ctx, m, name, await sources(ctx, m, false), m.quantity, { fromLocked: true, dq: 0, dl: -1 });
      return;
    case 'shelve': {
      // Off the source shelf, onto the target shelf, batch by batch (dates travel with the batch).
      const parts = await take(ctx, m, name, await sources(ctx, m, true), m.quantity, {
        fromLocked: false,
        dq: -1,
        dl: 0,
      });
      for (const { stock, part } of parts) {
        // The batch's dates as text from the database: a driver reads a date column as a JS Date, whose
        // String() is no date ("Fri Nov 20 …").
        const dated = {
          ...m,
          ...(await ctx.trx
            .selectFrom('stock')
            .select([
              sql<string | null>`to_char(production_date, 'YYYY-MM-DD')`.as('productionDate'),
              sql<string | null>`to_char(expiry_date, 'YYYY-MM-DD')`.as('expiryDate'),
            ])
            .where('id', '=', stock.id)
            .executeTakeFirstOrThrow()),
        };
        const row = await batchRow(ctx, dated, m.toShelf, stock.batchNo);
        await change(ctx, dated, row, name, part, 0);
      }
      return;
    }
    case 'dispatch':
    case 'arrive':
      await transit(ctx, def.move, m, name);
      return;
  }
}

/** Runs a transition's stock moves over the document as it stands after the transition (lines included). */
export async function runStockMoves(
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  doc: Row,
  actor: Actor,
): Promise<void> {
  if (!t.stock?.length) return;
  const ctx: Context = {
    trx,
    actor,
    docType: r.title,
    docCode: rowName(r, doc).replace(/^.*【(.*)】$/, '$1'),
    now: new Date(),
  };
  for (const def of t.stock) {
    if (!conditionHolds(def.when, doc)) continue;
    // A move without forEach is the document's own: it runs once, its slots reading the row.
    const lines =
      def.forEach === undefined
        ? [{}]
        : ((doc[def.forEach] as Row[] | undefined) ?? []).filter((l) => conditionHolds(def.lineWhen, l));
    for (const line of lines) await apply(ctx, def, moveOf(def, doc, line));
  }
}
