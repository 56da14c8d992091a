import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulePass } from '../../server/services/schedules';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const TEMPLATE = '/api/v1/marketing/couponTemplate';
const COUPON = '/api/v1/marketing/coupon';
const MEMBERS = '/api/v1/member/member/findByPage';
const DAY = 86_400_000;

/** YYYY-MM-DD of China time, days from now. */
const chinaDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * DAY).toISOString().slice(0, 10);

// Issue 17.4: coupon templates (type rules, validity, quantity and per-member limits) and issued
// coupons through SPEC 3's coupon status: 0 未使用 → 1 已使用 (redeemed with its order), 3 已作废, or
// 2 已过期 by the schedule once the last day is over. Every rule is the server's.
describe('coupons', () => {
  let t: TestApp;
  let hq: string;
  let memberIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    const members = await t.json(hq, 'POST', MEMBERS, { status: 1, pageSize: 3 });
    memberIds = members.body.data.list.map((m: { id: number }) => m.id);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const template = async (body: Record<string, unknown>) => {
    const created = await t.json(hq, 'POST', `${TEMPLATE}/add`, {
      name: '测试券',
      totalQuantity: 2,
      perMemberLimit: 1,
      ...body,
    });
    return created;
  };
  const issue = (templateId: number, memberId: number, token = hq) =>
    t.json(token, 'POST', `${COUPON}/issue`, { templateId, memberId });

  it('refuses a template missing what its type and validity need', async () => {
    const noFace = await template({ couponType: 1, validityType: 2, validDays: 10 });
    expect(noFace.status).toBe(400);
    expect(noFace.body.result.msg).toBe('请输入面额');
    const noRate = await template({ couponType: 2, validityType: 2, validDays: 10 });
    expect(noRate.body.result.msg).toBe('请输入折扣');
    const noRange = await template({ couponType: 3, faceValue: 20, thresholdAmount: 100, validityType: 1 });
    expect(noRange.body.result.msg).toBe('请选择有效期的起止日期');
    const noDays = await template({ couponType: 1, faceValue: 5, validityType: 2 });
    expect(noDays.body.result.msg).toBe('请输入领取后有效天数');
  });

  it('issues within the total quantity and the per-member limit, valid N days from issue', async () => {
    const created = await template({ couponType: 1, faceValue: 10, validityType: 2, validDays: 15 });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data.status).toBe(0);
    // Not started: nothing is issued from it.
    expect((await issue(id, memberIds[0]!)).status).toBe(400);
    expect((await t.json(hq, 'POST', `${TEMPLATE}/start/${id}`)).status).toBe(200);
    const first = await issue(id, memberIds[0]!);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: 0,
      templateName: '测试券',
      couponType: 1,
      faceValue: 10,
      issueDate: chinaDay(),
      validFrom: chinaDay(),
      validTo: chinaDay(15),
    });
    expect(first.body.data.couponCode).toMatch(/^YHQ\d{14}$/);
    const again = await issue(id, memberIds[0]!);
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe('该会员已领取1张此优惠券，已达每人限领数量');
    expect((await issue(id, memberIds[1]!)).status).toBe(200);
    const sold = await issue(id, memberIds[2]!);
    expect(sold.status).toBe(409);
    expect(sold.body.result.msg).toBe('该优惠券已发放完（发行总量2张）');
    // Two at once against the last coupon: one passes.
    const wide = await template({
      couponType: 3,
      faceValue: 20,
      thresholdAmount: 100,
      validityType: 1,
      validFrom: chinaDay(-1),
      validTo: chinaDay(30),
      totalQuantity: 1,
    });
    const wideId = wide.body.data.id as number;
    await t.json(hq, 'POST', `${TEMPLATE}/start/${wideId}`);
    const both = await Promise.all([issue(wideId, memberIds[0]!), issue(wideId, memberIds[1]!)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = both.find((r) => r.status === 200)!.body.data;
    expect(won).toMatchObject({ validFrom: chinaDay(-1), validTo: chinaDay(30), thresholdAmount: 100 });
    // The template counts what it issued.
    const detail = await t.json(hq, 'GET', `${TEMPLATE}/detail/${id}`);
    expect(detail.body.data).toMatchObject({ issuedCount: 2, usedCount: 0 });
    // Started: no longer editable.
    const edit = await t.json(hq, 'POST', `${TEMPLATE}/update`, { id, name: '改名' });
    expect(edit.status).toBe(409);
  });

  async function freshCoupon(memberIndex = 0): Promise<number> {
    const created = await template({ couponType: 2, discountRate: 8.5, validityType: 2, validDays: 3 });
    const id = created.body.data.id as number;
    await t.json(hq, 'POST', `${TEMPLATE}/start/${id}`);
    return (await issue(id, memberIds[memberIndex]!)).body.data.id as number;
  }

  it('redeems an unused coupon once, with its order; a used or void one is refused', async () => {
    const id = await freshCoupon();
    const missing = await t.json(hq, 'POST', `${COUPON}/redeem/${id}`, { orderCode: 'APP1' });
    expect(missing.status).toBe(400);
    const redeemed = await t.json(hq, 'POST', `${COUPON}/redeem/${id}`, {
      orderCode: 'APP20261124000001',
      orderAmount: 88.8,
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toMatchObject({
      status: 1,
      orderCode: 'APP20261124000001',
      orderAmount: 88.8,
    });
    expect(redeemed.body.data.useTime).toBeTruthy();
    const twice = await t.json(hq, 'POST', `${COUPON}/redeem/${id}`, {
      orderCode: 'APP2',
      orderAmount: 10,
    });
    expect(twice.status).toBe(409);
    const voidUsed = await t.json(hq, 'POST', `${COUPON}/void/${id}`, { voidReason: '误发' });
    expect(voidUsed.status).toBe(409);
    // The redemption records: the used coupons with their orders.
    const used = await t.json(hq, 'POST', `${COUPON}/findByPage`, { status: [1], keyword: 'YHQ' });
    expect(used.body.data.list.some((c: { id: number }) => c.id === id)).toBe(true);
  });

  it('voids unused coupons one by one or in a batch, with a reason', async () => {
    const a = await freshCoupon(0);
    const b = await freshCoupon(1);
    expect((await t.json(hq, 'POST', `${COUPON}/void/${a}`, {})).status).toBe(400);
    const batch = await t.json(hq, 'POST', `${COUPON}/batch/void`, {
      ids: [a, b],
      voidReason: '活动取消',
    });
    expect(batch.status).toBe(200);
    for (const id of [a, b]) {
      const c = (await t.json(hq, 'GET', `${COUPON}/detail/${id}`)).body.data;
      expect(c).toMatchObject({ status: 3, voidReason: '活动取消' });
    }
    const redeemVoid = await t.json(hq, 'POST', `${COUPON}/redeem/${a}`, {
      orderCode: 'X1',
      orderAmount: 5,
    });
    expect(redeemVoid.status).toBe(409);
  });

  it('expires unused coupons once their last day is over (the schedule), never used ones', async () => {
    const unused = await freshCoupon(0);
    const used = await freshCoupon(1);
    await t.json(hq, 'POST', `${COUPON}/redeem/${used}`, { orderCode: 'APP3', orderAmount: 30 });
    const engine = t.engine();
    await runSchedulePass(engine, new Date(Date.now() + 2 * DAY));
    expect((await t.json(hq, 'GET', `${COUPON}/detail/${unused}`)).body.data.status).toBe(0);
    await runSchedulePass(engine, new Date(Date.now() + 5 * DAY));
    expect((await t.json(hq, 'GET', `${COUPON}/detail/${unused}`)).body.data.status).toBe(2);
    expect((await t.json(hq, 'GET', `${COUPON}/detail/${used}`)).body.data.status).toBe(1);
    // The system transition has no door of its own.
    expect((await t.json(hq, 'POST', `${COUPON}/expire/${used}`)).status).toBeGreaterThanOrEqual(400);
  });

  it('needs its permissions and masks the member phone for clerks', async () => {
    const clerk = await userWith(t, 'md001', ['/admin/marketing/couponList', 'coupon:redeem']);
    const list = await t.json(clerk, 'POST', `${COUPON}/findByPage`, { pageSize: 20 });
    expect(list.status).toBe(200);
    for (const c of list.body.data.list) expect(c.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await issue(1, memberIds[0]!, clerk)).status).toBe(401);
    expect((await t.json(clerk, 'POST', `${TEMPLATE}/add`, { name: 'x' })).status).toBe(401);
  });

  it('answers the usage statistics of the charts as the list counts them', async () => {
    const byStatus = await t.json(hq, 'POST', `${COUPON}/aggregate/countByStatus`, {});
    expect(byStatus.status).toBe(200);
    const rows = byStatus.body.data.rows as { key: number; value: number }[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const listed = await t.json(hq, 'POST', `${COUPON}/findByPage`, {
        status: [row.key],
        pageSize: 1,
      });
      expect(listed.body.data.total).toBe(row.value);
    }
    const used = await t.json(hq, 'POST', `${COUPON}/findByPage`, { status: [1], pageSize: 1 });
    const ranking = await t.json(hq, 'POST', `${COUPON}/aggregate/usedByTemplate`, {});
    const ranked = (ranking.body.data.rows as { value: number }[]).map((r) => r.value);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    expect(ranked.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(used.body.data.total);
    const clerk = await userWith(t, 'e00007', ['/admin/member/memberList']);
    expect((await t.json(clerk, 'POST', `${COUPON}/aggregate/countByStatus`, {})).status).toBe(401);
  });
});
