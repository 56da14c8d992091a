import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { seedDay } from '../../src/schema/seed/generate';
import { cents, userWith } from './resource-helpers';

const JS = '/api/v1/finance/settlement';
const HT = '/api/v1/finance/contract';
const FK = '/api/v1/finance/settlementPayment';
const TASK = '/api/v1/approval/task';
const FP = '/api/v1/finance/invoice';

type Row = Record<string, unknown>;

// Issue 18.2: a supplier's settlement statement — its figures are the sums of the documents of its
// period under the contract's terms, it is approved through settlementApproval and then frozen,
// corrected only by an adjustment statement, and paid by confirmed payments.
describe('settlement statements', () => {
  let t: TestApp;
  let hq: string;
  let finance: string;
  const from = seedDay('-90d', TEST_SEED_ANCHOR);
  const to = TEST_SEED_ANCHOR;

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    finance = await t.login('tip001');
  });
  afterAll(() => t.close());

  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${JS}/detail/${String(id)}`)).body.data as Row;

  /** The documents behind a statement, read straight from the tables (not through the engine). */
  async function documents(supplierId: number, start = from, end = to) {
    const receipts = await sql<{ code: string; amount: string }>`
      select r.code, round(i.real_quantity * i.price, 2) as amount
      from purchase_receipt_item i join purchase_receipt r on r.id = i.receipt_id
      where r.supplier_id = ${supplierId} and r.status = 10 and i.quality_pass
        and r.create_time >= ${`${start}T00:00:00+08:00`}::timestamptz
        and r.create_time < (${`${end}T00:00:00+08:00`}::timestamptz + interval '1 day')`.execute(
      t.database.db,
    );
    const returns = await sql<{ code: string; amount: string }>`
      select r.code, i.amount
      from supplier_return_item i join supplier_return r on r.id = i.return_id
      where r.supplier_id = ${supplierId} and r.status = 3
        and r.create_time >= ${`${start}T00:00:00+08:00`}::timestamptz
        and r.create_time < (${`${end}T00:00:00+08:00`}::timestamptz + interval '1 day')`.execute(
      t.database.db,
    );
    return { receipts: receipts.rows, returns: returns.rows };
  }

  /** An effective contract of a supplier with confirmed receipts in the period. */
  async function busyContract(): Promise<Row> {
    const contracts = (
      await t.json(hq, 'POST', `${HT}/findByPage`, { pageNo: 1, pageSize: 100, status: [20] })
    ).body.data.list as Row[];
    let best: { c: Row; n: number } | undefined;
    for (const c of contracts) {
      const n = (await documents(Number(c.supplierId))).receipts.length;
      if (!best || n > best.n) best = { c, n };
    }
    expect(best!.n).toBeGreaterThan(0);
    return best!.c;
  }

  async function calculated(contractId: unknown): Promise<Row> {
    const made = await t.json(hq, 'POST', `${JS}/add`, { contractId, periodStart: from, periodEnd: to });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    const res = await t.json(hq, 'POST', `${JS}/calculate/${String(made.body.data.id)}`);
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    return detail(made.body.data.id);
  }

  async function approve(doc: Row) {
    expect((await t.json(hq, 'POST', `${JS}/submit/${String(doc.id)}`)).status).toBe(200);
    const tasks = (await t.json(finance, 'POST', `${TASK}/findTodoByPage`, { keyword: doc.statementCode }))
      .body.data.list as Row[];
    expect(tasks).toHaveLength(1);
    expect(
      (await t.json(finance, 'POST', `${TASK}/approve/${String(tasks[0]!.id)}`, { comment: '核对无误' }))
        .status,
    ).toBe(200);
  }

  it('seeds statements of the last three periods, calculated from the seeded documents', async () => {
    const list = (await t.json(hq, 'POST', `${JS}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(list.length).toBe(24);
    expect(list.every((d) => d.status !== 0 && d.calculateTime !== null)).toBe(true);
    expect(list.some((d) => d.status === 1)).toBe(true);
    expect(list.some((d) => [10, 20].includes(Number(d.status)))).toBe(true);
    // Seeded payments: two part payments confirmed by finance, one waiting for its confirmation.
    const paid = list.filter((d) => d.status === 30);
    expect(paid.map((d) => d.statementCode).sort()).toEqual(['JS20260003', 'JS20260018']);
    expect(paid.map((d) => cents(d.paidAmount)).sort((a, b) => a - b)).toEqual([2_000_000, 3_000_000]);
    const payments = (await t.json(finance, 'POST', `${FK}/findByPage`, { pageNo: 1, pageSize: 10 })).body
      .data.list as Row[];
    expect(payments.map((p) => [p.paymentCode, p.status]).sort()).toEqual([
      ['FK20260001', 0],
      ['FK20260002', 1],
      ['FK20260003', 1],
    ]);
    expect(payments.every((p) => p.status === 0 || p.confirmName !== p.createName)).toBe(true);
    for (const d of list.filter((x) => Number(x.receiptLineCount) > 0).slice(0, 3)) {
      const { receipts } = await documents(Number(d.supplierId), String(d.periodStart), String(d.periodEnd));
      expect(cents(d.goodsAmount), String(d.statementCode)).toBe(
        receipts.reduce((a, r) => a + cents(r.amount), 0),
      );
    }
  });

  it('figures are the sums of the period’s documents under the contract’s terms', async () => {
    const contract = await busyContract();
    const doc = await calculated(contract.id);
    const { receipts, returns } = await documents(Number(contract.supplierId));
    expect(doc.status).toBe(1);
    expect(doc.supplierId).toBe(contract.supplierId);
    // Drill-down: one line per document line, naming its document.
    expect((doc.receiptList as Row[]).map((l) => l.receiptCode).sort()).toEqual(
      receipts.map((r) => r.code).sort(),
    );
    expect((doc.returnList as Row[]).map((l) => l.returnCode).sort()).toEqual(
      returns.map((r) => r.code).sort(),
    );
    const goods = receipts.reduce((s, r) => s + cents(r.amount), 0);
    const back = returns.reduce((s, r) => s + cents(r.amount), 0);
    expect(cents(doc.goodsAmount)).toBe(goods);
    expect(cents(doc.returnAmount)).toBe(back);
    expect(cents(doc.netAmount)).toBe(goods - back);
    // The contract's bands: the greatest threshold the net amount reaches gives the rate.
    const terms = (await t.json(hq, 'GET', `${HT}/detail/${String(contract.id)}`)).body.data as Row;
    const bands = (terms.rebateList as Row[]).filter((b) => cents(b.fromAmount) <= goods - back);
    const rate = bands.length ? Math.max(...bands.map((b) => Number(b.rate))) : 0;
    expect(Number(doc.rebateRate)).toBe(rate);
    expect(cents(doc.rebateAmount)).toBe(Math.round(((goods - back) * rate) / 100));
    const deductions = (terms.deductionList as Row[]).reduce((s, d) => s + cents(d.amount), 0);
    expect(cents(doc.deductionAmount)).toBe(deductions);
    expect(cents(doc.payableAmount)).toBe(goods - back - cents(doc.rebateAmount) - deductions);
    expect(cents(doc.unpaidAmount)).toBe(cents(doc.payableAmount));
    expect(doc.dueDate).toBe(seedDay(`+${String(contract.paymentDays)}d`, to));
    // Nothing typed is trusted: figures sent with the header are ignored or refused.
    const typed = await t.json(hq, 'POST', `${JS}/add`, {
      contractId: contract.id,
      periodStart: from,
      periodEnd: to,
      payableAmount: 1,
      receiptList: [{ receiptLineId: 1 }],
    });
    expect(typed.status).toBe(400);
  });

  it('an approved statement is frozen; a correction is an adjustment statement', async () => {
    const contract = await busyContract();
    const doc = await calculated(contract.id);
    await approve(doc);
    const approved = await detail(doc.id);
    expect(approved.status).toBe(20);
    for (const [url, body] of [
      [`${JS}/update`, { id: doc.id, periodEnd: from }],
      [`${JS}/calculate/${String(doc.id)}`, undefined],
      [`${JS}/delete/${String(doc.id)}`, undefined],
      [`${JS}/void/${String(doc.id)}`, undefined],
    ] as const) {
      const res = await t.json(hq, 'POST', url, body);
      expect(res.status, url).toBe(409);
    }
    expect(await detail(doc.id)).toEqual(approved);

    const adj = await t.json(hq, 'POST', `${JS}/add`, {
      statementType: 2,
      adjustOfId: doc.id,
      contractId: contract.id,
      periodStart: from,
      periodEnd: to,
      adjustAmount: -120.5,
      remark: '补扣破损货款',
    });
    expect(adj.status, JSON.stringify(adj.body.result)).toBe(200);
    expect(adj.body.data.adjustOfCode).toBe(doc.statementCode);
    await t.json(hq, 'POST', `${JS}/calculate/${String(adj.body.data.id)}`);
    const adjusted = await detail(adj.body.data.id);
    // An adjustment draws no documents: its payable is its own amount.
    expect(adjusted.receiptList).toEqual([]);
    expect(adjusted.goodsAmount).toBe(0);
    expect(adjusted.payableAmount).toBe(-120.5);
    // Only an approved statement is adjusted.
    const draft = await calculated(contract.id);
    const refused = await t.json(hq, 'POST', `${JS}/add`, {
      statementType: 2,
      adjustOfId: draft.id,
      contractId: contract.id,
      periodStart: from,
      periodEnd: to,
      adjustAmount: 10,
    });
    expect(refused.status).toBe(400);
  });

  it('confirmed payments, by a second person, move it to partly paid and then paid; never beyond', async () => {
    const contract = await busyContract();
    const doc = await calculated(contract.id);
    await approve(doc);
    const payable = cents(doc.payableAmount);
    expect(payable).toBeGreaterThan(200);
    const register = (amount: number, serial: string) =>
      t.json(finance, 'POST', `${FK}/add`, {
        statementId: doc.id,
        amount,
        payDate: to,
        bankSerialNo: serial,
      });

    // More than is unpaid is refused when registered.
    const over = await register((payable + 1) / 100, 'YH-TEST-OVER');
    expect(over.status).toBe(400);
    expect(over.body.result.msg).toBe('付款金额不能超过结算单的未付金额');

    const first = Math.floor(payable / 200);
    const part = await register(first, 'YH-TEST-1');
    expect(part.status, JSON.stringify(part.body.result)).toBe(200);
    // Registered only: nothing is paid until confirmed, and not by who registered it.
    expect((await detail(doc.id)).paidAmount).toBe(0);
    const self = await t.json(finance, 'POST', `${FK}/confirm/${String(part.body.data.id)}`);
    expect(self.status).toBe(409);
    expect(self.body.result.msg).toBe('“确认付款”须由登记人以外的人员执行');
    const ok = await t.json(hq, 'POST', `${FK}/confirm/${String(part.body.data.id)}`);
    expect(ok.status, JSON.stringify(ok.body.result)).toBe(200);
    let now = await detail(doc.id);
    expect(now.status).toBe(30);
    expect(cents(now.paidAmount)).toBe(first * 100);
    expect(cents(now.unpaidAmount)).toBe(payable - first * 100);

    // Two registrations of the rest: the first confirmed pays it off, the second cannot overpay.
    const rest = Number(now.unpaidAmount);
    const a = await register(rest, 'YH-TEST-2');
    const b = await register(rest, 'YH-TEST-3');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await t.json(hq, 'POST', `${FK}/confirm/${String(a.body.data.id)}`)).status).toBe(200);
    now = await detail(doc.id);
    expect(now.status).toBe(40);
    expect(now.unpaidAmount).toBe(0);
    const twice = await t.json(hq, 'POST', `${FK}/confirm/${String(b.body.data.id)}`);
    expect(twice.status).toBe(409);
    expect(twice.body.result.msg).toContain('已付金额不能超过应付金额');
    expect(cents((await detail(doc.id)).paidAmount)).toBe(payable);
    // A wrong registration is cancelled; a paid statement takes no more payments.
    expect((await t.json(hq, 'POST', `${FK}/cancel/${String(b.body.data.id)}`)).status).toBe(200);
    expect((await register(1, 'YH-TEST-4')).status).toBe(400);
  });

  it('a payment is not confirmed while its statement is not approved', async () => {
    const list = (await t.json(hq, 'POST', `${JS}/findByPage`, { pageNo: 1, pageSize: 100, status: [10] }))
      .body.data.list as Row[];
    const waiting = list.find((d) => Number(d.payableAmount) > 1)!;
    // Registration refuses such a statement, so the row is written straight into the table: a
    // statement that left 未付款 after a payment was registered against it.
    const made = await sql<{ id: number }>`
      insert into fin_settlement_payment
        (payment_code, statement_id, statement_code, amount, pay_date, bank_serial_no, status, create_id, create_name)
      values ('FK-TEST-WAIT', ${waiting.id}, ${waiting.statementCode}, 1, ${to}, 'YH-TEST-WAIT', 0, 1, '张总部')
      returning id`.execute(t.database.db);
    const refused = await t.json(finance, 'POST', `${FK}/confirm/${String(made.rows[0]!.id)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toBe('结算单已付清或未审核通过，不能确认付款');
    // Nothing of the confirmation stays: the statement's paid amount and the payment are unchanged.
    expect((await detail(waiting.id)).paidAmount).toBe(waiting.paidAmount);
    const payment = await t.json(finance, 'GET', `${FK}/detail/${String(made.rows[0]!.id)}`);
    expect(payment.body.data.status).toBe(0);
  });

  it('an invoice must add up and match the payable or explain the difference; it is reversed, not edited', async () => {
    const contract = await busyContract();
    const doc = await calculated(contract.id);
    await approve(doc);
    const payable = Number(doc.payableAmount);
    // A 9% invoice of the whole payable: tax and amount before tax as printed.
    const ex = Math.round((payable / 1.09) * 100) / 100;
    const tax = Math.round((payable - ex) * 100) / 100;
    const invoice = {
      statementId: doc.id,
      invoiceType: 0,
      invoiceCode: '3300261130',
      invoiceNo: '01234567',
      invoiceDate: to,
      amountExTax: ex,
      taxRate: 9,
      taxAmount: tax,
      totalAmount: payable,
    };
    const wrongSum = await t.json(finance, 'POST', `${FP}/add`, { ...invoice, taxAmount: tax + 1 });
    expect(wrongSum.status).toBe(400);
    expect(wrongSum.body.result.msg).toBe('不含税金额与税额之和不等于价税合计，请核对发票');
    const short = await t.json(finance, 'POST', `${FP}/add`, {
      ...invoice,
      amountExTax: ex - 10,
      totalAmount: payable - 10,
    });
    expect(short.status).toBe(400);
    expect(short.body.result.msg).toBe('价税合计与结算单应付金额不一致，请填写差异说明');
    const badCode = await t.json(finance, 'POST', `${FP}/add`, { ...invoice, invoiceCode: '33002611' });
    expect(badCode.body.result.msg).toBe('发票代码为10位或12位数字');
    const ok = await t.json(finance, 'POST', `${FP}/add`, invoice);
    expect(ok.status, JSON.stringify(ok.body.result)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 1, addUpDifference: 0, payableDifference: 0 });
    expect((await t.json(finance, 'POST', `${FP}/add`, invoice)).status).toBe(409);
    // A difference with its explanation is registered.
    const explained = await t.json(finance, 'POST', `${FP}/add`, {
      ...invoice,
      invoiceNo: '01234568',
      amountExTax: ex - 10,
      totalAmount: payable - 10,
      differenceReason: '供应商少开10元，下期补开',
    });
    expect(explained.status, JSON.stringify(explained.body.result)).toBe(200);
    expect(explained.body.data.payableDifference).toBe(-10);
    // Red-letter reversal: with the red invoice's number and a reason.
    const id = String(explained.body.data.id);
    expect((await t.json(finance, 'POST', `${FP}/reverse/${id}`, { redReason: '金额有误' })).status).toBe(
      400,
    );
    const red = await t.json(finance, 'POST', `${FP}/reverse/${id}`, {
      redInvoiceNo: '01234569',
      redReason: '金额有误',
    });
    expect(red.body.data).toMatchObject({ status: 2, redInvoiceNo: '01234569' });
    expect(
      (await t.json(finance, 'POST', `${FP}/reverse/${id}`, { redInvoiceNo: '01234569', redReason: 'x' }))
        .status,
    ).toBe(409);
  });

  it('is finance and headquarters work, by permission', async () => {
    for (const account of ['md001', 'wh001']) {
      const token = await t.login(account);
      expect(
        (await t.json(token, 'POST', `${JS}/findByPage`, { pageNo: 1, pageSize: 5 })).status,
        account,
      ).toBe(401);
      expect(
        (await t.json(token, 'POST', `${FK}/findByPage`, { pageNo: 1, pageSize: 5 })).status,
        account,
      ).toBe(401);
      expect(
        (await t.json(token, 'POST', `${FP}/findByPage`, { pageNo: 1, pageSize: 5 })).status,
        account,
      ).toBe(401);
    }
    // Reading the list does not allow drafting or paying.
    const reader = await userWith(t, 'e00061', ['/admin/settlement/settlementList']);
    expect((await t.json(reader, 'POST', `${JS}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    expect(
      (await t.json(reader, 'POST', `${JS}/add`, { contractId: 1, periodStart: from, periodEnd: to })).status,
    ).toBe(401);
    expect((await t.json(reader, 'POST', `${FK}/add`, { statementId: 1 })).status).toBe(401);
  });
});
