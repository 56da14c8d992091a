import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/resources/context';
import { runReminderPass } from '../../server/services/reminders';
import { runSchedulePass } from '../../server/services/schedules';
import { seedDay } from '../../src/schema/seed/generate';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';

const HT = '/api/v1/finance/contract';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

const terms = {
  rebateList: [
    { fromAmount: 0, rate: 0 },
    { fromAmount: 10000, rate: 1.5 },
  ],
  deductionList: [{ deductionName: '促销服务费', amount: 600 }],
};

// Issue 18.1: supplier contracts — drafted, approved through contractApproval (finance, then
// headquarters unless a headquarters administrator drafted it), frozen once in force, expired by the
// schedule after their end date, terminated with a reason, renewed as a new contract linked to the old
// one, reminded 30 days before they end.
describe('supplier contracts', () => {
  let t: TestApp;
  let hq: string;
  let finance: string;
  let engine: Engine;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    finance = await t.login('tip001');
    engine = t.engine();
  });
  afterAll(() => t.close());

  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${HT}/detail/${String(id)}`)).body.data as Row;

  async function draft(extra: Row = {}): Promise<Row> {
    const res = await t.json(hq, 'POST', `${HT}/add`, {
      contractName: '测试购销合同',
      contractType: 1,
      supplierId: 3,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      paymentDays: 30,
      ...terms,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    return res.body.data as Row;
  }

  async function approveAsFinance(code: unknown) {
    const tasks = (await t.json(finance, 'POST', `${TASK}/findTodoByPage`, { keyword: code })).body.data
      .list as Row[];
    expect(tasks).toHaveLength(1);
    const res = await t.json(finance, 'POST', `${TASK}/approve/${String(tasks[0]!.id)}`, {
      comment: '条款无误',
    });
    expect(res.status).toBe(200);
  }

  it('seeds contracts in every status, renewals linked to their expired versions', async () => {
    const list = (await t.json(hq, 'POST', `${HT}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(new Set(list.map((c) => c.status))).toEqual(new Set([0, 10, 20, 30, 40]));
    const renewed = list.filter((c) => c.renewOfId !== null);
    expect(renewed.length).toBe(2);
    for (const c of renewed) {
      const old = list.find((o) => o.id === c.renewOfId)!;
      expect(old.status).toBe(30);
      expect(c.renewOfCode).toBe(old.contractCode);
      expect(c.supplierId).toBe(old.supplierId);
    }
  });

  it('is approved by finance, then frozen: no edit, no delete; terminated only with a reason', async () => {
    const c = await draft();
    expect(c.status).toBe(0);
    expect(String(c.contractCode)).toMatch(/^HT\d{8}/);
    expect(c.supplierName).toBe('莱阳鲁丰花生油有限公司');
    expect(c.deductionTotal).toBe(600);
    expect(c.rebateBandCount).toBe(2);
    expect((await t.json(hq, 'POST', `${HT}/submit/${String(c.id)}`)).body.data.status).toBe(10);
    // Waiting: neither edited nor approved on its own endpoint.
    expect((await t.json(hq, 'POST', `${HT}/update`, { id: c.id, paymentDays: 60 })).status).toBe(409);
    await approveAsFinance(c.contractCode);
    // The headquarters step is skipped: hq001 drafted it and could approve it himself.
    const approved = await detail(c.id);
    expect(approved.status).toBe(20);
    expect(approved.approveTime).not.toBeNull();
    expect((await t.json(hq, 'POST', `${HT}/update`, { id: c.id, paymentDays: 60 })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${HT}/delete/${String(c.id)}`)).status).toBe(409);
    const noReason = await t.json(hq, 'POST', `${HT}/terminate/${String(c.id)}`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.result.msg).toBe('请输入终止原因');
    const ended = await t.json(hq, 'POST', `${HT}/terminate/${String(c.id)}`, {
      terminateReason: '供应商停产',
    });
    expect(ended.body.data.status).toBe(40);
    expect(ended.body.data.terminateTime).not.toBeNull();
  });

  it('a renewal is a new contract linked to the old one, which stays as it was', async () => {
    const seeded = (await t.json(hq, 'POST', `${HT}/findByPage`, { pageNo: 1, pageSize: 5, status: [20] }))
      .body.data.list as Row[];
    const old = seeded[0]!;
    const renewal = await draft({ renewOfId: old.id, supplierId: old.supplierId, startDate: '2027-01-01' });
    expect(renewal.renewOfCode).toBe(old.contractCode);
    expect((await detail(old.id)).status).toBe(20);
    // Only an effective or expired contract is renewed.
    const draftOne = await draft();
    const refused = await t.json(hq, 'POST', `${HT}/add`, {
      ...terms,
      contractName: '续签草稿',
      contractType: 1,
      supplierId: 3,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      paymentDays: 30,
      renewOfId: draftOne.id,
    });
    expect(refused.status).toBe(400);
  });

  it('expires by the schedule once its end date is over, and only then', async () => {
    const c = await draft({ endDate: '2026-11-30' });
    await t.json(hq, 'POST', `${HT}/submit/${String(c.id)}`);
    await approveAsFinance(c.contractCode);
    expect((await detail(c.id)).status).toBe(20);
    await runSchedulePass(engine, new Date('2026-11-30T12:00:00+08:00'));
    expect((await detail(c.id)).status).toBe(20);
    await runSchedulePass(engine, new Date('2026-12-01T00:30:00+08:00'));
    expect((await detail(c.id)).status).toBe(30);
    // Nobody expires a contract by hand.
    const other = await draft();
    expect((await t.json(hq, 'POST', `${HT}/expire/${String(other.id)}`)).status).toBe(409);
  });

  it('reminds the contracts in force ending within 30 days in the message centre', async () => {
    const { sent } = await runReminderPass(t.database.db, engine.catalog, { today: TEST_SEED_ANCHOR });
    expect(sent).toBeGreaterThan(0);
    const messages = await t.database.db
      .selectFrom('imMessage')
      .select(['title', 'content'])
      .where('title', '=', '供应商合同即将到期')
      .execute();
    const soon = [seedDay('+12d', TEST_SEED_ANCHOR), seedDay('+25d', TEST_SEED_ANCHOR)];
    expect(messages).toHaveLength(2);
    for (const day of soon) expect(messages.some((m) => m.content.includes(`将于${day}到期`))).toBe(true);
    expect(messages.every((m) => m.content.includes('href="/admin/settlement/contractList"'))).toBe(true);
  });

  it('is finance and headquarters work: a store manager and warehouse staff are refused', async () => {
    for (const account of ['md001', 'wh001']) {
      const token = await t.login(account);
      const res = await t.json(token, 'POST', `${HT}/findByPage`, { pageNo: 1, pageSize: 5 });
      expect(res.status, account).toBe(401);
      expect((await t.json(token, 'POST', `${HT}/add`, { contractName: 'x' })).status, account).toBe(401);
    }
    expect((await t.json(finance, 'POST', `${HT}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
  });
});
