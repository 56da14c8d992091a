import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { todoTask } from './resource-helpers';

const SV = '/api/v1/member/storedValue';
const RULES = '/api/v1/member/rechargeRule';

type Row = Record<string, unknown>;

// Issue 17.6: stored value. A record (recharge by a rule or an amount, consumption, refund of unused
// balance) moves the member's balance only when it is confirmed, in that transaction, exactly, never
// below zero; refunds pass the store manager and from 500 yuan finance first. The balance is always
// the sum of the member's completed records.
describe('stored value', () => {
  let t: TestApp;
  let hq: string;
  let manager: string;
  let clerk: string;
  let fin: string;
  let memberId: number;
  let rule500: number;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    manager = await t.login('md001');
    // A clerk of 杭州文三路店 (store 11), as the demo roles grant: the stored-value page and its button.
    clerk = await t.login('e00007');
    fin = await t.login('tip001');
    const { rows } = await sql<{ id: number }>`
      select id from member where store_id = 11 and status = 1 order by id limit 1`.execute(t.database.db);
    memberId = rows[0]!.id;
    const rules = await t.json(hq, 'POST', `${RULES}/findByPage`, { pageNo: 1, pageSize: 20, status: [1] });
    rule500 = (rules.body.data.list as Row[]).find((r) => r.payAmount === 500)!.id as number;
  });
  afterAll(() => t.close());

  const balance = async (id = memberId) => {
    const { rows } = await sql<{ b: string }>`select balance as b from member where id = ${id}`.execute(
      t.database.db,
    );
    return Number(rows[0]!.b);
  };
  const record = (body: Row, token = clerk) => t.json(token, 'POST', `${SV}/add`, { memberId, ...body });
  const confirm = (id: number, token = clerk) => t.json(token, 'POST', `${SV}/submit/${String(id)}`);
  const detail = async (id: number) =>
    (await t.json(hq, 'GET', `${SV}/detail/${String(id)}`)).body.data as Row;
  const taskOf = (token: string, code: unknown) => todoTask(t, token, code);

  it('in the demo data every balance is the sum of the member’s completed records', async () => {
    const { rows } = await sql<{ id: number; balance: string; ledger: string }>`
      select m.id, m.balance,
        coalesce(sum(case when r.record_type = 1 then r.credit else r.debit end)
          filter (where r.status = 20), 0) as ledger
      from member m left join stored_value_record r on r.member_id = m.id
      group by m.id, m.balance`.execute(t.database.db);
    const off = rows.filter((r) => Number(r.balance) !== Number(r.ledger));
    expect(off).toEqual([]);
    expect(rows.filter((r) => Number(r.balance) > 0).length).toBeGreaterThan(20);
    const { rows: states } = await sql<{ status: number; type: number }>`
      select distinct status, record_type as type from stored_value_record`.execute(t.database.db);
    // Recharges and consumptions done, refunds waiting for the manager, drafts left.
    expect(states).toEqual(
      expect.arrayContaining([
        { status: 20, type: 1 },
        { status: 20, type: 2 },
        { status: 10, type: 3 },
        { status: 0, type: 2 },
      ]),
    );
  });

  it('a recharge by a rule pays its amount and gets its gift at once; the record keeps the balance after', async () => {
    const before = await balance();
    const made = await record({ recordType: 1, ruleId: rule500 });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ payAmount: 500, giftAmount: 50, credit: 550, status: 0 });
    expect(made.body.data.recordCode).toMatch(/^CZ\d+/);
    // Nothing moves before it is confirmed.
    expect(await balance()).toBe(before);
    const done = await confirm(made.body.data.id);
    expect(done.status).toBe(200);
    const row = await detail(made.body.data.id);
    expect(row).toMatchObject({
      status: 20,
      balanceAfter: Math.round((before + 550) * 100) / 100,
      storeId: 11,
    });
    expect(row.finishTime).toBeTruthy();
    expect(await balance()).toBe(Math.round((before + 550) * 100) / 100);
  });

  it('refuses what does not make a record, in Chinese', async () => {
    const both = await record({ recordType: 1, ruleId: rule500, amount: 100 });
    expect(both.status).toBe(400);
    expect(both.body.result.msg).toBe('按充值规则充值时金额由规则决定，请勿另填金额');
    const neither = await record({ recordType: 1 });
    expect(neither.body.result.msg).toBe('请输入充值金额或选择充值规则');
    const ruleOnSpend = await record({ recordType: 2, ruleId: rule500, amount: 10 });
    expect(ruleOnSpend.body.result.msg).toBe('只有充值可以选择充值规则');
    const noAmount = await record({ recordType: 2 });
    expect(noAmount.body.result.msg).toBe('请输入金额');
    const noReason = await record({ recordType: 3, amount: 10 });
    expect(noReason.body.result.msg).toBe('请输入退款原因');
    const negative = await record({ recordType: 2, amount: -5 });
    expect(negative.status).toBe(400);
  });

  it('a consumption beyond the balance is refused naming the shortfall, and nothing moves', async () => {
    const before = await balance();
    const made = await record({ recordType: 2, amount: before + 12.34, orderCode: 'POS-TEST-1' });
    expect(made.status).toBe(200);
    const refused = await confirm(made.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toMatch(
      new RegExp(
        `^会员【HY\\d+】的储值余额不足：现有${before.toFixed(2)}，需要${(before + 12.34).toFixed(2)}，还差12\\.34$`,
      ),
    );
    expect((await detail(made.body.data.id)).status).toBe(0);
    expect(await balance()).toBe(before);
    // The clerk voids it instead.
    expect((await t.json(clerk, 'POST', `${SV}/void/${String(made.body.data.id)}`)).status).toBe(200);
  });

  it('adds money exactly: three recharges of 0.10 and a consumption of 0.30 leave the balance as it was', async () => {
    const before = await balance();
    for (let i = 0; i < 3; i++) {
      const r = await record({ recordType: 1, amount: 0.1 });
      expect((await confirm(r.body.data.id)).status).toBe(200);
    }
    const spend = await record({ recordType: 2, amount: 0.3 });
    expect((await confirm(spend.body.data.id)).status).toBe(200);
    expect(await balance()).toBe(before);
    expect((await detail(spend.body.data.id)).balanceAfter).toBe(before);
  });

  it('two confirmations of one record at once move the balance once', async () => {
    const before = await balance();
    const made = await record({ recordType: 1, amount: 88.8 });
    const answers = await Promise.all([confirm(made.body.data.id), confirm(made.body.data.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balance()).toBeCloseTo(before + 88.8, 2);
  });

  it('a refund waits for the store manager, and from 500 yuan for finance too', async () => {
    const top = await record({ recordType: 1, amount: 1000 });
    await confirm(top.body.data.id);
    const small = await record({ recordType: 3, amount: 100, reason: '会员搬家' });
    const code = small.body.data.recordCode as string;
    const before = await balance();
    expect((await confirm(small.body.data.id)).status).toBe(200);
    expect((await detail(small.body.data.id)).status).toBe(10);
    expect(await balance()).toBe(before);
    const task = (await taskOf(manager, code))!;
    expect(task.stepTitle).toBe('店长审批');
    expect(
      (await t.json(manager, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, {})).status,
    ).toBe(200);
    expect((await detail(small.body.data.id)).status).toBe(20);
    expect(await balance()).toBe(Math.round((before - 100) * 100) / 100);

    const big = await record({ recordType: 3, amount: 600, reason: '不再使用' });
    const bigCode = big.body.data.recordCode as string;
    await confirm(big.body.data.id);
    const first = (await taskOf(manager, bigCode))!;
    await t.json(manager, 'POST', `/api/v1/approval/task/approve/${String(first.id)}`, {});
    expect((await detail(big.body.data.id)).status).toBe(10);
    expect(await balance()).toBe(Math.round((before - 100) * 100) / 100);
    const second = (await taskOf(fin, bigCode))!;
    expect(second.stepTitle).toBe('财务审批');
    expect((await t.json(fin, 'POST', `/api/v1/approval/task/approve/${String(second.id)}`, {})).status).toBe(
      200,
    );
    expect(await balance()).toBe(Math.round((before - 700) * 100) / 100);
  });

  it('a store lists its own records, with the member’s phone masked for a clerk', async () => {
    const mine = await t.json(clerk, 'POST', `${SV}/findByPage`, { pageNo: 1, pageSize: 100 });
    expect(mine.status).toBe(200);
    const list = mine.body.data.list as Row[];
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((r) => r.storeId))).toEqual(new Set([11]));
    expect(String(list[0]!.memberPhone)).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // A clerk of 杭州西湖店 (store 12) sees none of them, and his own recharge only; headquarters both.
    const other = await t.login('e00002');
    const theirs = await t.json(other, 'POST', `${SV}/findByPage`, { pageNo: 1, pageSize: 100 });
    expect(theirs.body.data.total).toBe(0);
    const { rows } = await sql<{ id: number }>`
      select id from member where store_id = 12 and status = 1 order by id limit 1`.execute(t.database.db);
    const made = await t.json(other, 'POST', `${SV}/add`, {
      memberId: rows[0]!.id,
      recordType: 1,
      amount: 50,
    });
    expect(made.status).toBe(200);
    const after = await t.json(other, 'POST', `${SV}/findByPage`, { pageNo: 1, pageSize: 100 });
    expect((after.body.data.list as Row[]).map((r) => r.storeId)).toEqual([12]);
    const all = await t.json(hq, 'POST', `${SV}/findByPage`, { pageNo: 1, pageSize: 1 });
    expect(all.body.data.total).toBe(mine.body.data.total + 1);
    // Rules are headquarters' to change.
    const rule = await t.json(clerk, 'POST', `${RULES}/add`, {
      name: '充100送100',
      payAmount: 100,
      giftAmount: 100,
    });
    expect(rule.status).toBe(401);
    expect(rule.body.result.code).toBe('E0401');
  });
});
