import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/resources/context';
import { runReminderPass } from '../../server/services/reminders';
import { runSchedulePass } from '../../server/services/schedules';
import { seedDay } from '../../src/schema/seed/generate';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { userWith } from './resource-helpers';

const MH = '/api/v1/finance/storeContract';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

// Issue 18.1: contracts with the operators of the stores the chain does not run itself (SPEC's
// management modes 2 外包 and 3 档口分包) beside the supplier contracts: drafted, approved through
// storeContractApproval, frozen once in force, expired by the schedule, terminated with a reason,
// renewed as a new contract linked to the old one, reminded 30 days before they end.
describe('store contracts', () => {
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
    (await t.json(hq, 'GET', `${MH}/detail/${String(id)}`)).body.data as Row;
  const terms = {
    contractName: '测试外包经营合同',
    storeId: 13,
    operatorName: '上海测试商业管理有限公司',
    operatorContact: '王经理',
    operatorPhone: '13916009999',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    commissionRate: 8.5,
    managementFee: 2000,
    deposit: 30000,
    paymentDays: 15,
  };

  async function draft(extra: Row = {}): Promise<Row> {
    const res = await t.json(hq, 'POST', `${MH}/add`, { ...terms, ...extra });
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

  it('seeds contracts of the outsourced and stall-subcontracted stores in every status', async () => {
    const list = (await t.json(hq, 'POST', `${MH}/findByPage`, { pageNo: 1, pageSize: 100 })).body.data
      .list as Row[];
    expect(new Set(list.map((c) => c.status))).toEqual(new Set([0, 10, 20, 30, 40]));
    // Only stores not run directly, with their mode copied from the store.
    expect(new Set(list.map((c) => c.storeId))).toEqual(new Set([13, 15, 17]));
    for (const c of list) expect(c.managementMode, String(c.contractCode)).toBe(c.storeId === 15 ? 3 : 2);
    const renewed = list.find((c) => c.contractCode === 'MH202605010002')!;
    const old = list.find((c) => c.id === renewed.renewOfId)!;
    expect(old).toMatchObject({ status: 30, renewOfCode: null, storeId: 13 });
    expect(renewed.renewOfCode).toBe(old.contractCode);
    const terminated = list.find((c) => c.status === 40)!;
    expect(terminated.terminateReason).toBeTruthy();
    // The renewal waiting for approval has its approval task.
    const waiting = list.find((c) => c.status === 10)!;
    const tasks = (await t.json(finance, 'POST', `${TASK}/findTodoByPage`, { keyword: waiting.contractCode }))
      .body.data.list as Row[];
    expect(tasks).toHaveLength(1);
    // Searches by mode.
    const stalls = (
      await t.json(hq, 'POST', `${MH}/findByPage`, { pageNo: 1, pageSize: 100, managementMode: [3] })
    ).body.data.list as Row[];
    expect(stalls.length).toBe(list.filter((c) => c.managementMode === 3).length);
    expect(stalls.every((c) => c.storeName === '广州天河店')).toBe(true);
  });

  it('is drafted for a store not run directly only, approved by finance, then frozen', async () => {
    // 杭州文三路店 is run directly: no operator contract.
    const direct = await t.json(hq, 'POST', `${MH}/add`, { ...terms, storeId: 11 });
    expect(direct.status).toBe(400);
    expect(direct.body.result.msg).toBe('所选门店不存在或已停用');
    const missing = await t.json(hq, 'POST', `${MH}/add`, { ...terms, commissionRate: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.result.msg).toBe('请输入销售抽成比例');
    const badRate = await t.json(hq, 'POST', `${MH}/add`, { ...terms, commissionRate: 60 });
    expect(badRate.status).toBe(400);

    const c = await draft();
    expect(c).toMatchObject({ status: 0, storeName: '上海徐汇店', storeCode: 'S1003', managementMode: 2 });
    expect(String(c.contractCode)).toMatch(/^MH\d+/);
    // Edited in draft; the store is fixed (x-immutable: refused, 400).
    const edit = await t.json(hq, 'POST', `${MH}/update`, { id: c.id, managementFee: 2500 });
    expect(edit.status, JSON.stringify(edit.body.result)).toBe(200);
    expect((await detail(c.id)).managementFee).toBe(2500);
    expect((await t.json(hq, 'POST', `${MH}/update`, { id: c.id, storeId: 17 })).status).toBe(400);

    expect((await t.json(hq, 'POST', `${MH}/submit/${String(c.id)}`)).status).toBe(200);
    expect((await detail(c.id)).status).toBe(10);
    // Nobody approves it on the transition endpoint while it waits in the workflow.
    expect((await t.json(hq, 'POST', `${MH}/approve/${String(c.id)}`)).status).toBe(409);
    await approveAsFinance(c.contractCode);
    const effective = await detail(c.id);
    expect(effective.status).toBe(20);
    expect(effective.approveTime).toBeTruthy();
    // Frozen: no edit, no delete; terminated only with a reason.
    expect((await t.json(hq, 'POST', `${MH}/update`, { id: c.id, managementFee: 1 })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${MH}/delete/${String(c.id)}`)).status).toBe(409);
    const noReason = await t.json(finance, 'POST', `${MH}/terminate/${String(c.id)}`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.result.msg).toBe('请输入终止原因');
    const ended = await t.json(finance, 'POST', `${MH}/terminate/${String(c.id)}`, {
      terminateReason: '门店转为直营',
    });
    expect(ended.status, JSON.stringify(ended.body.result)).toBe(200);
    expect(await detail(c.id)).toMatchObject({ status: 40, terminateReason: '门店转为直营' });
  });

  it('a renewal is a new contract linked to the old one; the old one expires by the schedule', async () => {
    const c = await draft({ endDate: '2026-11-30' });
    await t.json(hq, 'POST', `${MH}/submit/${String(c.id)}`);
    await approveAsFinance(c.contractCode);
    const renewal = await draft({
      renewOfId: c.id,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      commissionRate: 9,
    });
    expect(renewal).toMatchObject({ renewOfId: c.id, renewOfCode: c.contractCode, status: 0 });
    expect((await detail(c.id)).status).toBe(20);
    await runSchedulePass(engine, new Date('2026-11-30T12:00:00+08:00'));
    expect((await detail(c.id)).status).toBe(20);
    await runSchedulePass(engine, new Date('2026-12-01T00:30:00+08:00'));
    expect((await detail(c.id)).status).toBe(30);
    expect((await detail(renewal.id)).status).toBe(0);
    expect((await t.json(hq, 'POST', `${MH}/expire/${String(renewal.id)}`)).status).toBe(409);
  });

  it('reminds headquarters of the store contracts in force ending within 30 days', async () => {
    await runReminderPass(t.database.db, engine.catalog, { today: TEST_SEED_ANCHOR });
    const messages = await t.database.db
      .selectFrom('imMessage')
      .select(['title', 'content'])
      .where('title', '=', '门店合同即将到期')
      .execute();
    // 广州天河店's contract ends in 20 days; the others in force end later.
    const day = seedDay('+20d', TEST_SEED_ANCHOR);
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages.map((m) => m.content)).size).toBe(1);
    expect(messages[0]!.content).toContain(`广州天河店（档口分包）`);
    expect(messages[0]!.content).toContain(`将于${day}到期`);
    expect(messages[0]!.content).toContain('href="/admin/settlement/storeContractList"');
  });

  it('is finance and headquarters work: a store manager and warehouse staff are refused', async () => {
    for (const account of ['md001', 'wh001']) {
      const token = await t.login(account);
      const list = await t.json(token, 'POST', `${MH}/findByPage`, { pageNo: 1, pageSize: 5 });
      expect(list.status, account).toBe(401);
      expect(list.body.result.code, account).toBe('E0401');
      const add = await t.json(token, 'POST', `${MH}/add`, terms);
      expect(add.status, account).toBe(401);
      expect(add.body.result.code, account).toBe('E0401');
    }
    expect((await t.json(finance, 'POST', `${MH}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    // Reading the list does not allow drafting.
    const reader = await userWith(t, 'e00062', ['/admin/settlement/storeContractList']);
    expect((await t.json(reader, 'POST', `${MH}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    const refused = await t.json(reader, 'POST', `${MH}/add`, terms);
    expect(refused.status).toBe(401);
    expect(refused.body.result.code).toBe('E0401');
  });
});
