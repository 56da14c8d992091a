import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { runSchedulePass } from '../../server/services/schedules';

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
    const rules = (await t.json(hq, 'POST', `${RULES}/findByPage`, { pageNo: 1, pageSize: 20, status: [1] }))
      .body.data.list as Row[];
    single = rules.find((r) => r.pointsPerYuan === 1)!.id as number;
    double = rules.find((r) => r.pointsPerYuan === 2)!.id as number;
  });
  afterAll(() => t.close());

  const points = async () => {
    const { rows } = await sql<{ p: number }>`select points as p from member where id = ${memberId}`.execute(
      t.database.db,
    );
    return Number(rows[0]!.p);
  };
  const record = (body: Row) => t.json(manager, 'POST', `${PTS}/add`, { memberId, ...body });
  const post = (id: number) => t.json(manager, 'POST', `${PTS}/post/${String(id)}`);

  it('in the demo data every member’s points are the sum of his posted records', async () => {
    const { rows } = await sql<{ id: number; points: number; ledger: string }>`
      select m.id, m.points,
        coalesce(sum(case when r.points_type <= 2 then r.credit else r.debit end)
          filter (where r.status in (20, 30)), 0) as ledger
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
    const row = (await t.json(hq, 'GET', `${PTS}/detail/${String(made.body.data.id)}`)).body.data as Row;
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

  const lots = async (id = memberId) => {
    const { rows } = await sql<{ code: string; remaining: number; expiresOn: string | null; status: number }>`
      select record_code as code, remaining, expires_on::text as "expiresOn", status from points_record
      where member_id = ${id} and points_type <= 2 and status in (20, 30) order by expires_on, id`.execute(
      t.database.db,
    );
    return rows;
  };

  it('in the demo data every member’s points are what is left of his added points (first-in first-out)', async () => {
    const { rows } = await sql<{ id: number; points: number; left: string }>`
      select m.id, m.points, coalesce(sum(r.remaining) filter (where r.points_type <= 2), 0) as left
      from member m left join points_record r on r.member_id = m.id and r.status in (20, 30)
      group by m.id, m.points`.execute(t.database.db);
    expect(rows.filter((r) => Number(r.points) !== Number(r.left))).toEqual([]);
    // Points added expire at the end of the year after they were posted; a lot used up has no expiry.
    const { rows: off } = await sql<{ n: number }>`
      select count(*)::int as n from points_record where points_type <= 2 and status = 20 and (
        (remaining > 0 and expires_on <> make_date(extract(year from post_time at time zone 'Asia/Shanghai')::int + 1, 12, 31))
        or (remaining = 0 and expires_on is not null))`.execute(t.database.db);
    expect(off[0]!.n).toBe(0);
  });

  it('a redemption takes the oldest points first', async () => {
    const add = async (n: number) => {
      const made = await record({ pointsType: 2, points: n, reason: '活动赠送' });
      expect((await post(made.body.data.id)).status).toBe(200);
      return made.body.data.recordCode as string;
    };
    const before = await lots();
    const first = await add(40);
    const second = await add(25);
    const held = before.reduce((n, l) => n + Number(l.remaining), 0);
    // Take everything older, then 30 of the first new lot: the second stays whole.
    const take = held + 30;
    const made = await record({ pointsType: 3, points: take, reason: '积分兑换礼品' });
    expect((await post(made.body.data.id)).status).toBe(200);
    const after = await lots();
    const byCode = new Map(after.map((l) => [l.code, l]));
    for (const l of before) expect(byCode.get(l.code)).toMatchObject({ remaining: 0, expiresOn: null });
    expect(byCode.get(first)).toMatchObject({ remaining: 10 });
    expect(byCode.get(second)).toMatchObject({ remaining: 25 });
    expect(await points()).toBe(35);
  });

  // Every seeded lot of the year expires in these passes (hundreds of transitions, each in its own
  // transaction): a busy two-core machine needs more than the default 30 s.
  it(
    'what is left at the end of the year after posting expires, once, as a posted 积分过期 by the system',
    { timeout: 120_000 },
    async () => {
      const engine = t.engine();
      const open = await lots();
      const due = open.filter((l) => Number(l.remaining) > 0);
      expect(due.length).toBe(2);
      const expiry = due[0]!.expiresOn!;
      // The last day itself: nothing yet.
      await runSchedulePass(engine, new Date(`${expiry}T12:00:00+08:00`));
      expect(await points()).toBe(35);
      // The next morning: both lots' rests expire.
      const next = `${Number(expiry.slice(0, 4)) + 1}-01-01T08:00:00+08:00`;
      // Every demo lot is due too: passes (200 rows each) until none is left.
      let expiredCount = 0;
      for (let i = 0; i < 50; i++) {
        const ran = (await runSchedulePass(engine, new Date(next))).byResource.pointsRecord ?? 0;
        expiredCount += ran;
        if (!ran) break;
      }
      expect(expiredCount).toBeGreaterThanOrEqual(2);
      expect(await points()).toBe(0);
      const { rows } = await sql<{ points: number; status: number; source: string; after: number }>`
      select points, status, source_code as source, points_after as after from points_record
      where member_id = ${memberId} and points_type = 5 and source_code is not null order by id`.execute(
        t.database.db,
      );
      expect(rows.map((r) => [r.source, r.points, r.status])).toEqual(
        due.map((l) => [l.code, Number(l.remaining), 20]),
      );
      expect(rows.at(-1)!.after).toBe(0);
      const expired = await lots();
      for (const l of due) {
        const now = expired.find((x) => x.code === l.code)!;
        expect(now).toMatchObject({ remaining: 0, expiresOn: null, status: 30 });
      }
      // A second pass moves nothing more.
      const again = await runSchedulePass(engine, new Date(next));
      expect(again.byResource.pointsRecord ?? 0).toBe(0);
      expect(await points()).toBe(0);
    },
  );

  it('is the store’s own: another store’s clerk neither lists it nor posts points', async () => {
    const list = await t.json(manager, 'POST', `${PTS}/findByPage`, { pageNo: 1, pageSize: 50 });
    expect(new Set((list.body.data.list as Row[]).map((r) => r.storeId))).toEqual(new Set([11]));
    const clerk = await t.login('e00002');
    const denied = await t.json(clerk, 'POST', `${PTS}/findByPage`, { pageNo: 1, pageSize: 5 });
    expect(denied.status).toBe(401);
  });
});
