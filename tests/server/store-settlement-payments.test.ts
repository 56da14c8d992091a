import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDay } from '../../src/schema/seed/generate';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { cents, userWith } from './resource-helpers';

const MJ = '/api/v1/finance/storeSettlement';
const MS = '/api/v1/finance/storeSettlementPayment';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

// Issue 18.2 for store settlements: an approved statement is settled by confirmed payments in the
// direction of its sign (the chain pays the operator, or collects from him), registered by one person
// and confirmed by another; it is corrected only by an adjustment statement, itself frozen once approved.
describe('store settlement payments and adjustments', () => {
  let t: TestApp;
  let hq: string;
  let finance: string;
  const from = seedDay('-90d', TEST_SEED_ANCHOR);
  const to = seedDay('+1d', TEST_SEED_ANCHOR);

  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    finance = await t.login('tip001');
  });
  afterAll(() => t.close());

  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${MJ}/detail/${String(id)}`)).body.data as Row;
  const list = async (url: string, body: Row = {}) =>
    (await t.json(hq, 'POST', url, { pageNo: 1, pageSize: 100, ...body })).body.data.list as Row[];

  /** Submitted by headquarters, approved by finance through storeSettlementApproval. */
  async function approve(id: unknown) {
    const doc = await detail(id);
    expect((await t.json(hq, 'POST', `${MJ}/submit/${String(id)}`)).status).toBe(200);
    const tasks = (await t.json(finance, 'POST', `${TASK}/findTodoByPage`, { keyword: doc.statementCode }))
      .body.data.list as Row[];
    expect(tasks).toHaveLength(1);
    const ok = await t.json(finance, 'POST', `${TASK}/approve/${String(tasks[0]!.id)}`, {
      comment: '核对无误',
    });
    expect(ok.status).toBe(200);
    const approved = await detail(id);
    expect(approved.status).toBe(20);
    return approved;
  }

  async function approvedStatement(storeContractId = 2): Promise<Row> {
    const made = await t.json(hq, 'POST', `${MJ}/add`, { storeContractId, periodStart: from, periodEnd: to });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${String(made.body.data.id)}`)).status).toBe(200);
    return approve(made.body.data.id);
  }

  /** Registered by `by`, answered with the created payment (or the refusal). */
  const register = (by: string, statementId: unknown, amount: number, serial: string) =>
    t.json(by, 'POST', `${MS}/add`, { statementId, amount, payDate: TEST_SEED_ANCHOR, bankSerialNo: serial });

  it('seeds an adjustment and payments in consistent states', async () => {
    const all = await list(`${MJ}/findByPage`);
    const byCode = new Map(all.map((d) => [d.statementCode, d]));
    const original = byCode.get('MJ20260003')!;
    const adjustment = byCode.get('MJ20260007')!;
    expect(adjustment).toMatchObject({
      statementType: 2,
      adjustOfId: original.id,
      adjustOfCode: 'MJ20260003',
    });
    expect(adjustment.status).toBe(1);
    // It draws no documents: what is owed is its own amount, the operator owes it (收款).
    expect(adjustment).toMatchObject({ deliveryLineCount: 0, salesOrderCount: 0, settleAmount: -360 });
    expect(adjustment).toMatchObject({ payDirection: 2, dueAmount: 360 });
    // The approved ones carry their confirmed payments, no more.
    for (const d of all) {
      expect(cents(d.dueAmount), String(d.statementCode)).toBe(Math.abs(cents(d.settleAmount)));
      expect(d.payDirection).toBe(cents(d.settleAmount) > 0 ? 1 : cents(d.settleAmount) < 0 ? 2 : 0);
      const paid = (await list(`${MS}/findByPage`, { statementId: d.id, status: [1] })).reduce(
        (a, p) => a + cents(p.amount),
        0,
      );
      expect(cents(d.paidAmount), String(d.statementCode)).toBe(paid);
    }
    expect(original).toMatchObject({ status: 30, paidAmount: 1000 });
    expect(byCode.get('MJ20260006')!.status).toBe(20);
    const pending = await list(`${MS}/findByPage`, { status: [0] });
    expect(pending.map((p) => p.paymentCode)).toEqual(['MS20260001']);
    expect(pending[0]).toMatchObject({ statementCode: 'MJ20260006', storeName: '广州天河店' });
    const confirmed = (await list(`${MS}/findByPage`, { status: [1] }))[0]!;
    expect(confirmed).toMatchObject({ paymentCode: 'MS20260002', createName: '张总部' });
    expect(confirmed.confirmName).not.toBe(confirmed.createName);
  });

  it('confirmed payments, by a second person, move it to partly paid and then paid; never beyond', async () => {
    const doc = await approvedStatement();
    const due = cents(doc.dueAmount);
    expect(due).toBeGreaterThan(200);
    expect(doc.payDirection).toBe(cents(doc.settleAmount) > 0 ? 1 : 2);
    expect(doc).toMatchObject({ paidAmount: 0 });
    expect(cents(doc.unpaidAmount)).toBe(due);

    // More than is outstanding is refused when registered.
    const over = await register(finance, doc.id, due / 100 + 0.01, 'TEST-OVER');
    expect(over.status).toBe(400);
    expect(over.body.result.msg).toBe('收付款金额不能超过结算单的未收付金额');

    const first = Math.floor(due / 200);
    const part = await register(finance, doc.id, first, 'TEST-1');
    expect(part.status, JSON.stringify(part.body.result)).toBe(200);
    expect(part.body.data).toMatchObject({
      payDirection: doc.payDirection,
      storeName: '上海徐汇店',
      status: 0,
    });
    // Registered only: nothing is settled until confirmed, and not by who registered it.
    expect((await detail(doc.id)).paidAmount).toBe(0);
    const self = await t.json(finance, 'POST', `${MS}/confirm/${String(part.body.data.id)}`);
    expect(self.status).toBe(409);
    expect(self.body.result.msg).toBe('“确认收付款”须由登记人以外的人员执行');
    expect((await t.json(hq, 'POST', `${MS}/confirm/${String(part.body.data.id)}`)).status).toBe(200);
    let now = await detail(doc.id);
    expect(now.status).toBe(30);
    expect(cents(now.paidAmount)).toBe(first * 100);
    expect(cents(now.unpaidAmount)).toBe(due - first * 100);

    // Two registrations of the rest: the first confirmed pays it off, the second cannot overpay.
    const rest = Number(now.unpaidAmount);
    const a = await register(finance, doc.id, rest, 'TEST-2');
    const b = await register(finance, doc.id, rest, 'TEST-3');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await t.json(hq, 'POST', `${MS}/confirm/${String(a.body.data.id)}`)).status).toBe(200);
    now = await detail(doc.id);
    expect(now).toMatchObject({ status: 40, unpaidAmount: 0 });
    expect(cents(now.paidAmount)).toBe(due);
    const twice = await t.json(hq, 'POST', `${MS}/confirm/${String(b.body.data.id)}`);
    expect(twice.status).toBe(409);
    expect(twice.body.result.msg).toContain('已收付金额不能超过应收付金额');
    expect(cents((await detail(doc.id)).paidAmount)).toBe(due);
    // A wrong registration is cancelled, and a paid statement takes no more.
    expect((await t.json(hq, 'POST', `${MS}/cancel/${String(b.body.data.id)}`)).status).toBe(200);
    expect((await register(finance, doc.id, 1, 'TEST-4')).status).toBe(400);
    // A confirmed payment is not edited or deleted.
    const id = String(a.body.data.id);
    expect((await t.json(finance, 'POST', `${MS}/update`, { id: a.body.data.id, amount: 1 })).status).toBe(
      409,
    );
    expect((await t.json(finance, 'POST', `${MS}/delete/${id}`)).status).toBe(409);
  });

  it('an approved statement is frozen; an adjustment leaves it unchanged and is itself frozen once approved', async () => {
    const doc = await approvedStatement();
    const id = String(doc.id);
    expect((await t.json(hq, 'POST', `${MJ}/update`, { id: doc.id, remark: '改' })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${id}`)).status).toBe(409);
    // Only an adjustment carries an amount; it needs the approved statement and a reason.
    const typed = await t.json(hq, 'POST', `${MJ}/add`, {
      storeContractId: 2,
      periodStart: from,
      periodEnd: to,
      adjustAmount: 10,
    });
    expect(typed.status).toBe(400);
    expect(typed.body.result.msg).toBe('只有调整单可以填写调整金额');
    const adjustment = {
      statementType: 2,
      adjustOfId: doc.id,
      storeContractId: 2,
      periodStart: from,
      periodEnd: to,
    };
    const noReason = await t.json(hq, 'POST', `${MJ}/add`, { ...adjustment, adjustAmount: -88.5 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.result.msg).toBe('调整单须选择调整的结算单，填写调整金额和调整原因');
    const draft = (
      await t.json(hq, 'POST', `${MJ}/add`, { storeContractId: 2, periodStart: from, periodEnd: to })
    ).body.data as Row;
    const ofDraft = await t.json(hq, 'POST', `${MJ}/add`, {
      ...adjustment,
      adjustOfId: draft.id,
      adjustAmount: -1,
      remark: '草稿不能调整',
    });
    expect(ofDraft.status).toBe(400);

    const made = await t.json(hq, 'POST', `${MJ}/add`, {
      ...adjustment,
      adjustAmount: -88.5,
      remark: '补扣损耗',
    });
    expect(made.status, JSON.stringify(made.body.result)).toBe(200);
    expect(made.body.data).toMatchObject({ adjustOfCode: doc.statementCode, storeId: 13 });
    const adjId = String(made.body.data.id);
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${adjId}`)).status).toBe(200);
    const calculated = await detail(adjId);
    expect(calculated.deliveryList).toEqual([]);
    expect(calculated.salesList).toEqual([]);
    expect(calculated).toMatchObject({ settleAmount: -88.5, dueAmount: 88.5, payDirection: 2 });
    const adjusted = await approve(adjId);
    // Frozen like any statement.
    expect((await t.json(hq, 'POST', `${MJ}/update`, { id: adjusted.id, adjustAmount: -1 })).status).toBe(
      409,
    );
    expect((await t.json(hq, 'POST', `${MJ}/calculate/${adjId}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MJ}/delete/${adjId}`)).status).toBe(409);
    // The original is as it was; its adjustments are listed from it (the detail's section).
    expect(await detail(id)).toEqual(doc);
    expect((await list(`${MJ}/findByPage`, { adjustOfId: doc.id })).map((d) => d.id)).toEqual([adjusted.id]);
    // Collected from the operator, the other way round.
    const pay = await register(finance, adjusted.id, 88.5, 'TEST-ADJ');
    expect(pay.body.data).toMatchObject({ payDirection: 2, amount: 88.5 });
    expect((await t.json(hq, 'POST', `${MS}/confirm/${String(pay.body.data.id)}`)).status).toBe(200);
    expect(await detail(adjId)).toMatchObject({ status: 40, paidAmount: 88.5, unpaidAmount: 0 });
  });

  it('is refused to a store clerk; a store user sees only his store’s statements and payments', async () => {
    const clerk = await t.login('e00002');
    for (const [url, body] of [
      [`${MJ}/findByPage`, { pageNo: 1, pageSize: 5 }],
      [`${MS}/findByPage`, { pageNo: 1, pageSize: 5 }],
      [`${MS}/add`, { statementId: 3, amount: 1, payDate: TEST_SEED_ANCHOR, bankSerialNo: 'X' }],
      [`${MS}/confirm/1`, undefined],
    ] as const) {
      const res = await t.json(clerk, 'POST', url, body);
      expect(res.status, url).toBe(401);
      expect(res.body.result.code, url).toBe('E0401');
    }
    // Given the pages, a clerk of store 11 (not operated) still sees none of 上海徐汇店's.
    // Only this test's role: his role for the store (user_org_role) would replace it there.
    const user = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'e00007')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('userOrgRole').where('userId', '=', user.id).execute();
    const reader = await userWith(t, 'e00007', [
      '/admin/settlement/storeSettlementList',
      '/admin/settlement/storeSettlementPaymentList',
    ]);
    const statements = await t.json(reader, 'POST', `${MJ}/findByPage`, { pageNo: 1, pageSize: 5 });
    expect(statements.status, JSON.stringify(statements.body.result)).toBe(200);
    expect(statements.body.data.total).toBe(0);
    expect(
      (await t.json(reader, 'POST', `${MS}/findByPage`, { pageNo: 1, pageSize: 5 })).body.data.total,
    ).toBe(0);
    expect((await t.json(reader, 'GET', `${MJ}/detail/3`)).status).toBe(404);
    expect((await t.json(reader, 'GET', `${MS}/detail/1`)).status).toBe(404);
    // Reading does not allow registering or confirming.
    expect((await register(reader, 3, 1, 'X')).status).toBe(401);
    expect(
      (await t.json(finance, 'POST', `${MS}/findByPage`, { pageNo: 1, pageSize: 5 })).body.data.total,
    ).toBeGreaterThan(0);
  });
});
