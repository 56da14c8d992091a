import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { cents } from './resource-helpers';

const FP = '/api/v1/finance/invoice';
const MATCH = '/api/v1/finance/invoiceMatch/findByPage';
const JS = '/api/v1/finance/settlement';
const RL = '/api/v1/finance/settlement/receiptLine/findByPage';

type Row = Record<string, unknown>;

// Issue 18.3: invoices carry their goods lines, each naming the receipt line it bills; the three-way
// match sets every line of an invoice not reversed beside its receipt's quantity and its order's price,
// and lists the lines that disagree. Issue 18.6: the seeded invoices include a reversal and a mismatch.
describe('invoices and the three-way match', () => {
  let t: TestApp;
  let hq: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    finance = await t.login('tip001');
  });
  afterAll(() => t.close());

  const match = async (token: string, filters: Row = {}) => {
    const res = await t.json(token, 'POST', MATCH, { pageNo: 1, pageSize: 500, ...filters });
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    return res.body.data as { list: Row[]; total: number };
  };

  /**
   * The lines that disagree, read straight from the tables (not through the engine): invoices not
   * reversed, whose line quantity differs from the receipt line's or whose price differs from the order
   * line's (or the receipt's).
   */
  async function mismatchedInTables(): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      select l.id from fin_invoice_item l
        join fin_invoice f on f.id = l.invoice_id
        join purchase_receipt_item r on r.id = l.receipt_line_id
        join purchase_order_item o on o.id = r.po_item_id
      where f.status = 1
        and (l.quantity <> r.real_quantity or l.price <> o.price or r.price <> o.price)
      order by l.id`.execute(t.database.db);
    return rows.rows.map((r) => Number(r.id));
  }

  it('seeds invoices of approved statements: lines adding up, a reversal and a mismatch', async () => {
    const list = (await t.json(hq, 'POST', `${FP}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    const seeded = list.filter((i) =>
      ['20481537', '10374852', '10375020', '30918246', '61207734'].includes(String(i.invoiceNo)),
    );
    expect(seeded).toHaveLength(5);
    for (const inv of seeded) {
      expect(Number(inv.lineCount), String(inv.invoiceNo)).toBeGreaterThan(0);
      expect(cents(inv.lineAmount), String(inv.invoiceNo)).toBe(cents(inv.totalAmount));
      expect(cents(inv.amountExTax) + cents(inv.taxAmount)).toBe(cents(inv.totalAmount));
      const st = (await t.json(hq, 'GET', `${JS}/detail/${String(inv.statementId)}`)).body.data as Row;
      expect([20, 30, 40]).toContain(st.status);
      expect(inv.statementPayable).toBe(st.payableAmount);
      if (cents(inv.totalAmount) !== cents(st.payableAmount)) expect(inv.differenceReason).toBeTruthy();
    }
    const reversed = seeded.find((i) => i.invoiceNo === '10374852')!;
    expect(reversed).toMatchObject({ status: 2, redInvoiceNo: '10375019' });
    expect(reversed.redReason).toBeTruthy();
    // Registered again, at the right rate, against the same statement.
    const again = seeded.find((i) => i.invoiceNo === '10375020')!;
    expect(again).toMatchObject({ status: 1, statementId: reversed.statementId, taxRate: 9 });
    // Every seeded line bills a receipt line of the statement's supplier, its copies from that line.
    const detail = (await t.json(hq, 'GET', `${FP}/detail/${String(again.id)}`)).body.data as Row;
    const lines = detail.itemList as Row[];
    expect(lines.length).toBe(Number(again.lineCount));
    const rl = (await t.json(hq, 'POST', RL, { pageNo: 1, pageSize: 500, supplierId: again.supplierId })).body
      .data.list as Row[];
    for (const l of lines) {
      const r = rl.find((x) => x.id === l.receiptLineId)!;
      expect(r, String(l.receiptLineId)).toBeDefined();
      expect(l).toMatchObject({
        receiptCode: r.receiptCode,
        receivedQuantity: r.realQuantity,
        orderPrice: r.price,
      });
    }
  });

  it('finds the seeded mismatch and not the matching lines', async () => {
    const all = await match(finance);
    const bad = await match(finance, { mismatch: true });
    const good = await match(finance, { mismatch: false });
    expect(bad.total + good.total).toBe(all.total);
    // Exactly the lines the tables say disagree.
    expect(bad.list.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(await mismatchedInTables());
    // The seeded mismatch: 獐子湾's invoice bills one line above the order's price, one above what came.
    expect(bad.list.map((r) => r.invoiceNo)).toEqual(['30918246', '30918246']);
    const crab = bad.list.find((r) => r.commodityName === '大闸蟹礼盒')!;
    expect(crab).toMatchObject({ price: 318, quantityDifference: 0 });
    expect(crab.priceDifference).toBe(Math.round((318 - Number(crab.poPrice)) * 100) / 100);
    expect(crab.priceDifference).toBeGreaterThan(0);
    const bread = bad.list.find((r) => r.commodityName === '鲜活面包蟹')!;
    expect(bread).toMatchObject({ quantity: 190, priceDifference: 0 });
    expect(bread.quantityDifference).toBe(Math.round((190 - Number(bread.receivedQuantity)) * 1000) / 1000);
    // The matching lines: quantity as received, price as ordered; the other lines of that invoice too.
    expect(good.list.length).toBeGreaterThan(20);
    for (const r of good.list) {
      expect(r.quantity, String(r.id)).toBe(r.receivedQuantity);
      expect(r.price, String(r.id)).toBe(r.poPrice);
      expect(r.quantityDifference).toBe(0);
      expect(r.priceDifference).toBe(0);
    }
    expect(good.list.some((r) => r.invoiceNo === '30918246')).toBe(true);
    // A reversed invoice no longer counts: its lines are in neither list.
    expect(all.list.some((r) => r.invoiceNo === '10374852')).toBe(false);
    expect(all.list.some((r) => r.invoiceNo === '10375020')).toBe(true);
    // The search narrows it like any list.
    const oneInvoice = await match(finance, { keyword: '30918246', mismatch: false });
    expect(oneInvoice.list.every((r) => r.invoiceNo === '30918246')).toBe(true);
    expect(oneInvoice.total).toBe(good.list.filter((r) => r.invoiceNo === '30918246').length);
  });

  it('an invoice whose lines do not add up is refused; amounts are the server’s; a reversal leaves the match', async () => {
    const statements = (
      await t.json(finance, 'POST', `${JS}/findByPage`, { pageNo: 1, pageSize: 100, status: [20, 30, 40] })
    ).body.data.list as Row[];
    const st = statements.find((s) => Number(s.receiptLineCount) > 1)!;
    expect(st).toBeDefined();
    const rl = (
      await t.json(finance, 'POST', RL, {
        pageNo: 1,
        pageSize: 500,
        supplierId: st.supplierId,
        receiptStatus: [10],
      })
    ).body.data.list as Row[];
    const [a, b] = rl;
    const amount = (q: number, p: number) => Math.round(q * p * 100) / 100;
    // Line b billed at one yuan more than ordered: a price mismatch.
    const total =
      amount(Number(a!.realQuantity), Number(a!.price)) +
      amount(Number(b!.realQuantity), Number(b!.price) + 1);
    const ex = Math.round((total / 1.09) * 100) / 100;
    const tax = Math.round((total - ex) * 100) / 100;
    const invoice = {
      statementId: st.id,
      invoiceType: 0,
      invoiceCode: '4400261130',
      invoiceNo: '77000001',
      invoiceDate: TEST_SEED_ANCHOR,
      amountExTax: ex,
      taxRate: 9,
      taxAmount: tax,
      totalAmount: Math.round(total * 100) / 100,
      differenceReason: '测试：按明细开票',
      itemList: [
        { receiptLineId: a!.id, quantity: a!.realQuantity, price: a!.price },
        { receiptLineId: b!.id, quantity: b!.realQuantity, price: Number(b!.price) + 1 },
      ],
    };
    // A typed amount or copied figure is not taken: the server copies and multiplies.
    const typed = await t.json(finance, 'POST', `${FP}/add`, {
      ...invoice,
      itemList: [{ ...invoice.itemList[0], amount: 1 }, invoice.itemList[1]],
    });
    expect(typed.status).toBe(400);
    expect(typed.body.result.msg).toBe('不支持的字段：amount');
    // Lines that do not make the total.
    const off = await t.json(finance, 'POST', `${FP}/add`, {
      ...invoice,
      itemList: [invoice.itemList[0], { ...invoice.itemList[1], price: Number(b!.price) + 2 }],
    });
    expect(off.status).toBe(400);
    expect(off.body.result.msg).toBe('发票明细金额合计不等于价税合计，请核对发票明细');
    // Amount and tax not making the total are refused too.
    const sum = await t.json(finance, 'POST', `${FP}/add`, { ...invoice, taxAmount: tax + 1 });
    expect(sum.status).toBe(400);
    expect(sum.body.result.msg).toBe('不含税金额与税额之和不等于价税合计，请核对发票');
    // A line of another supplier's receipt cannot be billed on this statement.
    const other = (await t.json(finance, 'POST', RL, { pageNo: 1, pageSize: 500, receiptStatus: [10] })).body
      .data.list as Row[];
    const foreign = other.find((r) => r.supplierId !== st.supplierId)!;
    const wrong = await t.json(finance, 'POST', `${FP}/add`, {
      ...invoice,
      itemList: [invoice.itemList[0], { receiptLineId: foreign.id, quantity: 1, price: 1 }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选收货明细不存在或已停用');

    const ok = await t.json(finance, 'POST', `${FP}/add`, invoice);
    expect(ok.status, JSON.stringify(ok.body.result)).toBe(200);
    const made = (await t.json(finance, 'GET', `${FP}/detail/${String(ok.body.data.id)}`)).body.data as Row;
    expect(made).toMatchObject({ lineCount: 2, lineDifference: 0 });
    const lines = made.itemList as Row[];
    expect(lines[0]).toMatchObject({
      amount: amount(Number(a!.realQuantity), Number(a!.price)),
      receivedQuantity: a!.realQuantity,
      orderPrice: a!.price,
      receiptCode: a!.receiptCode,
      quantityDifference: 0,
      priceDifference: 0,
    });
    expect(lines[1]).toMatchObject({ priceDifference: 1, quantityDifference: 0 });

    // The match lists the new line b as a mismatch, line a as matching.
    const bad = await match(finance, { keyword: '77000001', mismatch: true });
    expect(bad.list.map((r) => r.receiptLineId)).toEqual([b!.id]);
    const good = await match(finance, { keyword: '77000001', mismatch: false });
    expect(good.list.map((r) => r.receiptLineId)).toEqual([a!.id]);
    // Reversed, it leaves the match.
    const red = await t.json(finance, 'POST', `${FP}/reverse/${String(made.id)}`, {
      redInvoiceNo: '77000002',
      redReason: '单价开错',
    });
    expect(red.status, JSON.stringify(red.body.result)).toBe(200);
    expect((await match(finance, { keyword: '77000001' })).total).toBe(0);
  });

  it('is finance and headquarters work: a store manager and warehouse staff are refused', async () => {
    expect((await match(hq)).total).toBeGreaterThan(0);
    for (const account of ['md001', 'wh001']) {
      const token = await t.login(account);
      const res = await t.json(token, 'POST', MATCH, { pageNo: 1, pageSize: 5 });
      expect(res.status, account).toBe(401);
      expect(res.body.result.code, account).toBe('E0401');
      const rl = await t.json(token, 'POST', RL, { pageNo: 1, pageSize: 5 });
      expect(rl.status, account).toBe(401);
    }
    // A filter it does not have is refused before any SQL.
    const res = await t.json(finance, 'POST', MATCH, { pageNo: 1, pageSize: 5, mismatch: 'maybe' });
    expect(res.status).toBe(400);
  });
});
