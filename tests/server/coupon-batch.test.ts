import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

const CB = '/api/v1/marketing/couponBatch';
const COUPONS = '/api/v1/marketing/coupon/findByPage';

type Row = Record<string, unknown>;

// Issue 17.4: coupons issued to a hand-picked list or to a segment of members. 发放 resolves a segment
// into its members, then every member gets one coupon through the coupon's own rules in one
// transaction: a member at the template's per-member limit refuses the whole batch.
describe('batch coupon issues', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const q = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.database.db)).rows;
  const couponsOf = async (batchCode: string) =>
    q(sql<{ memberId: number; validTo: string | null; status: number }>`
      select member_id as "memberId", valid_to::text as "validTo", status from coupon
      where batch_code = ${batchCode} order by member_id`);
  const activeMembers = (n: number) =>
    q(sql<{ id: number }>`select id from member where status = 1 order by id limit ${n}`);

  it('the seeded segment batch gave every active diamond member one coupon; drafts and a void wait', async () => {
    const batches = await q(sql<{ code: string; status: number; id: number }>`
      select batch_code as code, status, id from coupon_batch order by id`);
    expect(batches.find((b) => b.code === 'PF2026110001')?.status).toBe(20);
    expect(batches.find((b) => b.code === 'PF2026110003')?.status).toBe(40);
    expect(batches.filter((b) => b.status === 0).length).toBe(3);
    const diamonds = await q(sql<{ id: number }>`
      select id from member where status = 1 and level = 4 order by id`);
    expect(diamonds.length).toBeGreaterThan(0);
    const issued = await couponsOf('PF2026110001');
    expect(issued.map((c) => c.memberId)).toEqual(diamonds.map((m) => m.id));
    const detail = (await t.json(hq, 'GET', `${CB}/detail/${batches[0]!.id}`)).body.data as Row;
    expect(detail.memberCount).toBe(diamonds.length);
    expect((detail.memberList as Row[]).length).toBe(diamonds.length);
  });

  it('a hand-picked list: members required, each gets a coupon with the batch code, issued once', async () => {
    const none = await t.json(hq, 'POST', `${CB}/add`, { templateId: 6, targetType: 1, memberList: [] });
    expect(none.status).toBe(400);
    expect(none.body.result.msg).toBe('请添加发放会员');

    const members = await activeMembers(2);
    const made = await t.json(hq, 'POST', `${CB}/add`, {
      templateId: 6,
      targetType: 1,
      remark: '测试名单',
      memberList: members.map((m) => ({ memberId: m.id })),
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    const draft = (await t.json(hq, 'GET', `${CB}/detail/${id}`)).body.data as Row;
    expect(draft.status).toBe(0);
    expect(draft.memberCount).toBe(2);
    expect((draft.memberList as Row[])[0]!.memberCode).toMatch(/^HY/);

    // A double click: two issues at once give each member one coupon, not two.
    const [a, b] = await Promise.all([
      t.json(hq, 'POST', `${CB}/issue/${id}`),
      t.json(hq, 'POST', `${CB}/issue/${id}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const code = draft.batchCode as string;
    const coupons = await couponsOf(code);
    expect(coupons.map((c) => c.memberId)).toEqual(members.map((m) => m.id).sort((x, y) => x - y));
    // The template's validity applies (7 days from issue): the coupon's own rules ran.
    expect(coupons.every((c) => c.status === 0 && c.validTo !== null)).toBe(true);
    const listed = await t.json(hq, 'POST', COUPONS, { pageNo: 1, pageSize: 10, batchCode: code });
    expect(listed.body.data.total).toBe(2);
    // Issued: no more edits.
    const edit = await t.json(hq, 'PUT', `${CB}/edit/${id}`, { remark: '改' });
    expect(edit.status).toBe(409);
  });

  it('a segment is resolved when issued: the active members of that level and store', async () => {
    const made = await t.json(hq, 'POST', `${CB}/add`, {
      templateId: 6,
      targetType: 2,
      level: 2,
      storeId: 12,
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    expect((await t.json(hq, 'GET', `${CB}/detail/${id}`)).body.data.memberCount).toBe(0);
    const expected = await q(sql<{ id: number }>`
      select id from member where status = 1 and level = 2 and store_id = 12 order by id`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await t.json(hq, 'POST', `${CB}/issue/${id}`)).status).toBe(200);
    const detail = (await t.json(hq, 'GET', `${CB}/detail/${id}`)).body.data as Row;
    expect(detail.status).toBe(20);
    expect(detail.memberCount).toBe(expected.length);
    expect((await couponsOf(detail.batchCode as string)).map((c) => c.memberId)).toEqual(
      expected.map((m) => m.id),
    );

    // A segment with nobody active in it cannot be issued (厦门思明店's diamond members are set inactive).
    await sql`update member set status = 0 where level = 4 and store_id = 17`.execute(t.database.db);
    const empty = await t.json(hq, 'POST', `${CB}/add`, {
      templateId: 6,
      targetType: 2,
      level: 4,
      storeId: 17,
    });
    expect(empty.status).toBe(200);
    const refused = await t.json(hq, 'POST', `${CB}/issue/${empty.body.data.id as number}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toBe('该会员分群下没有正常状态的会员，无法发放');
  });

  it('a member at the per-member limit refuses the whole batch: nobody gets a coupon', async () => {
    // 新人专享10元代金券 (template 1): one per member.
    const [holder] = await q(sql<{ id: number }>`
      select c.member_id as id from coupon c join member m on m.id = c.member_id
      where c.template_id = 1 and m.status = 1 order by c.member_id limit 1`);
    const [fresh] = await q(sql<{ id: number }>`
      select id from member m where status = 1 and not exists (
        select 1 from coupon c where c.member_id = m.id and c.template_id = 1) order by id limit 1`);
    const made = await t.json(hq, 'POST', `${CB}/add`, {
      templateId: 1,
      targetType: 1,
      memberList: [{ memberId: fresh!.id }, { memberId: holder!.id }],
    });
    const id = made.body.data.id as number;
    const res = await t.json(hq, 'POST', `${CB}/issue/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.result.msg).toContain('已达每人限领数量');
    const detail = (await t.json(hq, 'GET', `${CB}/detail/${id}`)).body.data as Row;
    expect(detail.status).toBe(0);
    expect(await couponsOf(detail.batchCode as string)).toEqual([]);
  });

  it('only holders of the page and its buttons: a store manager and a clerk are refused', async () => {
    for (const account of ['md001', 'e00007']) {
      const token = await t.login(account);
      const list = await t.json(token, 'POST', `${CB}/findByPage`, { pageNo: 1, pageSize: 10 });
      expect(list.status).toBe(401);
      expect(list.body.result.code).toBe('E0401');
      const add = await t.json(token, 'POST', `${CB}/add`, { templateId: 6, targetType: 2, level: 4 });
      expect(add.status).toBe(401);
    }
  });
});
