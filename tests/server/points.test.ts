import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { callJson } from './resource-helpers';

const PTS = '/api/v1/member/points';
const RULES = '/api/v1/member/pointsRule';

type Row = Record<string, unknown>;

// Issue 17.7: the points ledger. Points are earned from an order by a rule (amount × rate, rounded),
// added or deducted by hand with a reason, redeemed; posting moves the member's points in its
// transaction, never below zero; the member's points are always the sum of his posted records.
describe('points', () => {
  let t: TestApp;
  let hq: string;
  let manager: string;
  let memberId: number;
  let single: number;
  let double: number;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    manager = await t.login('md001');
    const { rows } = await sql<{ id: number }>`
      select id from member where store_id = 11 and status = 1 order by id desc limit 1`.execute(
      t.database.db,
    );
    memberId = rows[0]!.id;
    const rules = (await json(hq, 'POST', `${RULES}/findByPage`, { pageNo: 1, pageSize: 20, status: [1] }))
      .body.data.list as Row[];
    single = rules.find((r) => r.pointsPerYuan === 1)!.id as number;
    double = rules.find((r) => r.pointsPerYuan === 2)!.id as number;
  });
  afterAll(() => t.close());

  const json = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    callJson(t, token, method, url, body);
  const points = async () => {
    const { rows } = await sql<{ p: number }>`select points as p from member where id = ${memberId}`.execute(
      t.database.db,
    );
    return Number(rows[0]!.p);
  };
  const record = (body: Row) => json(manager, 'POST', `${PTS}/add`, { memberId, ...body });
  const post = (id: number) => json(manager, 'POST', `${PTS}/post/${String(id)}`);

  it('in the demo data every member’s points are the sum of his posted records', async () => {
    const { rows } = await sql<{ id: number; points: number; ledger: string }>`
      select m.id, m.points,
        coalesce(sum(case when r.points_type <= 2 then r.credit else r.debit end)
          filter (where r.status = 20), 0) as ledger
      from member m left join points_record r on r.member_id = m.id
      group by m.id, m.points`.execute(t.database.db);
    expect(rows.filter((r) => Number(r.points) !== Number(r.ledger))).toEqual([]);
    expect(rows.filter((r) => Number(r.points) > 0).length).toBeGreaterThan(20);
    const { rows: states } = await sql<{ n: number }>`
      select count(*)::int as n from points_record where status = 0`.execute(t.database.db);
    expect(states[0]!.n).toBeGreaterThan(0);
  });

  it('earns from an order by the rule, rounded to whole points, when posted', async () => {
    const before = await points();
    const made = await record({ pointsType: 1, ruleId: double, orderCode: 'POS-T-1', orderAmount: 123.45 });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ earned: 247, credit: 247, status: 0, earnRate: 2 });
    expect(await points()).toBe(before);
    expect((await post(made.body.data.id)).status).toBe(200);
    const row = (await json(hq, 'GET', `${PTS}/detail/${String(made.body.data.id)}`)).body.data as Row;
    expect(row).toMatchObject({ status: 20, pointsAfter: before + 247 });
    expect(await points()).toBe(before + 247);
    // Posted once: a second post is refused.
    expect((await post(made.body.data.id)).status).toBe(409);
  });

  it('refuses what does not make a record, in Chinese', async () => {
    const noOrder = await record({ pointsType: 1, ruleId: single });
    expect(noOrder.body.result.msg).toBe('消费获得积分须选择积分规则并填写订单号和订单金额');
    const both = await record({ pointsType: 1, ruleId: single, orderCode: 'X', orderAmount: 10, points: 5 });
    expect(both.body.result.msg).toBe('消费获得的积分按规则计算，请勿另填积分');
    const ruleOnAdjust = await record({ pointsType: 2, ruleId: single, points: 5, reason: '补偿' });
    expect(ruleOnAdjust.body.result.msg).toBe('只有消费获得积分可以选择积分规则');
    const noReason = await record({ pointsType: 4, points: 5 });
    expect(noReason.body.result.msg).toBe('请输入原因');
    const tiny = await record({ pointsType: 1, ruleId: single, orderCode: 'X', orderAmount: 0.3 });
    expect(tiny.body.result.msg).toBe('订单金额不足以获得积分');
  });

  it('a redemption beyond the member’s points is refused naming the shortfall', async () => {
    const before = await points();
    const made = await record({ pointsType: 3, points: before + 30, reason: '积分兑换礼品' });
    const refused = await post(made.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toMatch(
      new RegExp(`^会员【HY\\d+】的可用积分不足：现有${before}，需要${before + 30}，还差30$`),
    );
    expect(await points()).toBe(before);
    const fits = await record({ pointsType: 3, points: 20, reason: '积分兑换礼品' });
    expect((await post(fits.body.data.id)).status).toBe(200);
    expect(await points()).toBe(before - 20);
  });

  it('is the store’s own: another store’s clerk neither lists it nor posts points', async () => {
    const list = await json(manager, 'POST', `${PTS}/findByPage`, { pageNo: 1, pageSize: 50 });
    expect(new Set((list.body.data.list as Row[]).map((r) => r.storeId))).toEqual(new Set([11]));
    const clerk = await t.login('e00002');
    const denied = await json(clerk, 'POST', `${PTS}/findByPage`, { pageNo: 1, pageSize: 5 });
    expect(denied.status).toBe(401);
  });
});
