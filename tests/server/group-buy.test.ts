import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/resources/context';
import { runSchedulePass } from '../../server/services/schedules';
import { createTestApp, type TestApp } from '../fixtures/app';
import { cents } from './resource-helpers';

const CAMPAIGN = '/api/v1/marketing/groupBuyCampaign';
const GROUP = '/api/v1/marketing/groupBuyGroup';
const ORDER = '/api/v1/marketing/groupBuyOrder';
const COMMODITIES = '/gateApi/storageAdmin/commodity/getCommodityListForPromotionPage';
const MEMBERS = '/api/v1/member/member/findByPage';
const HOUR = 3_600_000;

type Row = Record<string, unknown>;

// Issue 17.2: group-buy on the engine. A campaign's group price below the commodity's price, a stock
// cap the payments never pass, groups that form once their paid members reach the minimum or are
// closed at their deadline by the schedule with their orders refunded (once), and the store's scope.
describe('group-buy', () => {
  let t: TestApp;
  let hq: string;
  let engine: Engine;
  let commodity: Row;
  let members: number[];
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    engine = t.engine();
    const goods = await t.json(hq, 'POST', COMMODITIES, { pageSize: 50 });
    commodity = (goods.body.data.list as Row[]).find((c) => Number(c.retailPrice) >= 10)!;
    const list = await t.json(hq, 'POST', MEMBERS, { status: 1, pageSize: 40 });
    members = (list.body.data.list as Row[]).map((m) => Number(m.id));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const iso = (ms: number) => new Date(ms).toISOString();
  const detail = async (base: string, id: unknown) =>
    (await t.json(hq, 'GET', `${base}/detail/${String(id)}`)).body.data as Row;

  /** A campaign that started an hour ago, brought to 进行中 by the schedule. */
  async function campaign(body: Row = {}): Promise<Row> {
    const created = await t.json(hq, 'POST', `${CAMPAIGN}/add`, {
      name: '测试拼团',
      commodityCode: commodity.code,
      groupPrice: Number(commodity.retailPrice) - 1,
      minMembers: 2,
      groupHours: 24,
      startTime: iso(Date.now() - HOUR),
      endTime: iso(Date.now() + 240 * HOUR),
      storeIds: [11, 12],
      stockCap: 10,
      ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    expect((await detail(CAMPAIGN, id)).status).toBe(0);
    await runSchedulePass(engine, new Date());
    const started = await detail(CAMPAIGN, id);
    expect(started.status).toBe(1);
    return started;
  }

  async function openGroup(campaignId: unknown, leaderId = members[0], storeId = 11, token = hq) {
    return t.json(token, 'POST', `${GROUP}/add`, { campaignId, storeId, leaderId });
  }

  async function join(groupId: unknown, memberId: number, quantity = 1, extra: Row = {}) {
    return t.json(hq, 'POST', `${ORDER}/add`, { groupId, memberId, quantity, ...extra });
  }

  const pay = (orderId: unknown) => t.json(hq, 'POST', `${ORDER}/pay/${String(orderId)}`);

  it('has seeded campaigns in each status, formed, open and closed groups with refunded orders', async () => {
    const campaigns = (await t.json(hq, 'POST', `${CAMPAIGN}/findByPage`, { pageSize: 100 })).body.data
      .list as Row[];
    expect(new Set(campaigns.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
    const groups = (await t.json(hq, 'POST', `${GROUP}/findByPage`, { pageSize: 200 })).body.data
      .list as Row[];
    expect(new Set(groups.map((r) => r.status))).toEqual(new Set([0, 1, 2]));
    const orders = (await t.json(hq, 'POST', `${ORDER}/findByPage`, { pageSize: 500, status: [2] })).body.data
      .list as Row[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.groupStatus === 2 && o.refundTime)).toBe(true);
    // Every seeded campaign's sold quantity is what its paid orders bought.
    for (const camp of campaigns) {
      const paid = (
        await t.json(hq, 'POST', `${ORDER}/findByPage`, { pageSize: 500, campaignId: camp.id, status: [1] })
      ).body.data.list as Row[];
      expect(camp.soldQuantity).toBe(paid.reduce((s, o) => s + Number(o.quantity), 0));
      expect(Number(camp.groupPrice)).toBeLessThan(Number(camp.originalPrice));
    }
  });

  it('refuses a group price not below the original price, and copies the original from the commodity', async () => {
    const base = {
      name: '价格测试',
      commodityCode: commodity.code,
      minMembers: 2,
      groupHours: 24,
      startTime: iso(Date.now() + HOUR),
      endTime: iso(Date.now() + 48 * HOUR),
      storeIds: [11],
      stockCap: 5,
    };
    for (const price of [Number(commodity.retailPrice), Number(commodity.retailPrice) + 5]) {
      const refused = await t.json(hq, 'POST', `${CAMPAIGN}/add`, { ...base, groupPrice: price });
      expect(refused.status).toBe(400);
      expect(refused.body.result.msg).toBe('拼团价必须低于商品原价');
    }
    // A typed original price is refused: the commodity's retail price is the original.
    const typed = await t.json(hq, 'POST', `${CAMPAIGN}/add`, {
      ...base,
      groupPrice: 0.5,
      originalPrice: 0.1,
    });
    expect(typed.status).toBe(400);
    expect(typed.body.result.msg).toBe('不支持的字段：originalPrice');
    const ok = await t.json(hq, 'POST', `${CAMPAIGN}/add`, { ...base, groupPrice: 0.5 });
    expect(ok.status).toBe(200);
    const row = await detail(CAMPAIGN, ok.body.data.id);
    expect(cents(row.originalPrice)).toBe(cents(commodity.retailPrice));
    // Fewer than two members is no group.
    const tooFew = await t.json(hq, 'POST', `${CAMPAIGN}/add`, { ...base, groupPrice: 0.5, minMembers: 1 });
    expect(tooFew.status).toBe(400);
    // An edit is refused the same way.
    const edit = await t.json(hq, 'POST', `${CAMPAIGN}/update`, { id: ok.body.data.id, groupPrice: 99999 });
    expect(edit.status).toBe(400);
    // Groups are opened only in a campaign that is 进行中.
    expect((await openGroup(ok.body.data.id)).status).toBe(400);
  });

  it('computes the amount on the server from the group price; a typed amount is not taken', async () => {
    const c = await campaign({ groupPrice: 2.35, minMembers: 3 });
    // Only in one of the campaign's stores (11 and 12).
    const elsewhere = await openGroup(c.id, members[0], 13);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.result.msg).toBe('所选门店未参加该拼团活动');
    const g = await openGroup(c.id);
    expect(g.status).toBe(200);
    const group = await detail(GROUP, g.body.data.id);
    expect(group).toMatchObject({ status: 0, minMembers: 3, memberCount: 0 });
    // The deadline is the opening time plus the campaign's time limit.
    expect(Date.parse(String(group.deadline)) - Date.parse(String(group.openTime))).toBe(24 * HOUR);
    // A typed amount or price is refused, never stored.
    for (const typed of [{ amount: 0.01 }, { groupPrice: 0.01 }]) {
      const refused = await join(g.body.data.id, members[0]!, 3, typed);
      expect(refused.status).toBe(400);
      expect(refused.body.result.msg).toBe(`不支持的字段：${Object.keys(typed)[0]!}`);
    }
    const o = await join(g.body.data.id, members[0]!, 3);
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    const order = await detail(ORDER, o.body.data.id);
    expect(cents(order.groupPrice)).toBe(235);
    expect(cents(order.amount)).toBe(705);
    expect(order.status).toBe(0);
    // One order per member and group.
    const again = await join(g.body.data.id, members[0]!);
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe('该会员已参加此团');
  });

  it('forms the group once its paid members reach the minimum; a full or formed group takes nobody', async () => {
    const c = await campaign({ minMembers: 2, stockCap: 20 });
    const g = (await openGroup(c.id)).body.data.id as number;
    const a = (await join(g, members[1]!)).body.data.id;
    const b = (await join(g, members[2]!)).body.data.id;
    // Two seats of a two-member group are held: a third member is refused.
    const third = await join(g, members[3]!);
    expect(third.status).toBe(409);
    expect(third.body.result.msg).toContain('该团已满员');
    // Two members joining the last seat at once: one gets it (the group row is locked while counting).
    const g2 = (await openGroup(c.id, members[14])).body.data.id as number;
    await join(g2, members[14]!);
    const race = await Promise.all([join(g2, members[15]!), join(g2, members[16]!)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await detail(GROUP, g2)).orderCount).toBe(2);
    expect((await pay(a)).status).toBe(200);
    expect(await detail(GROUP, g)).toMatchObject({ status: 0, memberCount: 1 });
    expect((await pay(b)).status).toBe(200);
    const formed = await detail(GROUP, g);
    expect(formed).toMatchObject({ status: 1, memberCount: 2 });
    expect(formed.formTime).toBeTruthy();
    // Paying twice is refused; the sold quantity counts each payment once.
    expect((await pay(b)).status).toBe(409);
    expect((await detail(CAMPAIGN, c.id)).soldQuantity).toBe(2);
    // Nobody joins a formed group, nor is it closed by the deadline.
    const late = await join(g, members[4]!);
    expect(late.status).toBe(400);
    await runSchedulePass(engine, new Date(Date.now() + 48 * HOUR));
    expect((await detail(GROUP, g)).status).toBe(1);
    expect((await detail(ORDER, a)).status).toBe(1);
    // The system transitions have no door of their own.
    expect((await t.json(hq, 'POST', `${GROUP}/close/${g}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${ORDER}/refund/${String(a)}`)).status).toBe(409);
  });

  it('never sells past the stock cap, also for two payments at once', async () => {
    const c = await campaign({ minMembers: 5, stockCap: 5 });
    const g1 = (await openGroup(c.id)).body.data.id;
    const g2 = (await openGroup(c.id, members[5])).body.data.id;
    const o1 = (await join(g1, members[5]!, 2)).body.data.id;
    const o2 = (await join(g2, members[6]!, 2)).body.data.id;
    const o3 = (await join(g1, members[7]!, 1)).body.data.id;
    const o4 = (await join(g2, members[8]!, 1)).body.data.id;
    expect((await pay(o1)).status).toBe(200);
    // 2 of 5 sold: two payments of 2 and 1 at once fit together; then nothing more.
    const both = await Promise.all([pay(o2), pay(o3)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const over = await pay(o4);
    expect(over.status).toBe(409);
    expect(over.body.result.msg).toContain('已售数量不能超过活动库存');
    expect(await detail(CAMPAIGN, c.id)).toMatchObject({ soldQuantity: 5, remainingStock: 0 });
    expect((await detail(ORDER, o4)).status).toBe(0);

    // Two payments at once for the last unit: exactly one passes.
    const d = await campaign({ minMembers: 5, stockCap: 1 });
    const h = (await openGroup(d.id)).body.data.id;
    const p = (await join(h, members[9]!)).body.data.id;
    const q = (await join(h, members[10]!)).body.data.id;
    const race = await Promise.all([pay(p), pay(q)]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await detail(CAMPAIGN, d.id)).soldQuantity).toBe(1);
    const { rows } = await sql<{ n: string }>`
      select coalesce(sum(quantity), 0) as n from group_buy_order where campaign_id = ${Number(d.id)} and status = 1`.execute(
      t.database.db,
    );
    const sold = rows[0]!;
    expect(Number(sold.n)).toBe(1);
  });

  it('closes an unfilled group at its deadline and refunds its paid orders exactly once', async () => {
    const c = await campaign({ minMembers: 3, stockCap: 10, groupHours: 2 });
    const g = (await openGroup(c.id)).body.data.id as number;
    const paid = (await join(g, members[11]!, 2)).body.data.id;
    const unpaid = (await join(g, members[12]!)).body.data.id;
    expect((await pay(paid)).status).toBe(200);
    expect((await detail(CAMPAIGN, c.id)).soldQuantity).toBe(2);
    // Not yet due: nothing happens.
    await runSchedulePass(engine, new Date(Date.now() + HOUR));
    expect((await detail(GROUP, g)).status).toBe(0);

    await runSchedulePass(engine, new Date(Date.now() + 3 * HOUR));
    const closed = await detail(GROUP, g);
    expect(closed.status).toBe(2);
    expect(closed.closeTime).toBeTruthy();
    const refunded = await detail(ORDER, paid);
    expect(refunded.status).toBe(2);
    expect(refunded.refundTime).toBeTruthy();
    expect((await detail(ORDER, unpaid)).status).toBe(3);
    // The refund gave the stock back.
    expect((await detail(CAMPAIGN, c.id)).soldQuantity).toBe(0);

    // Again, later: nothing is refunded twice, the stock not given back twice.
    await runSchedulePass(engine, new Date(Date.now() + 5 * HOUR));
    expect((await detail(ORDER, paid)).refundTime).toBe(refunded.refundTime);
    expect((await detail(CAMPAIGN, c.id)).soldQuantity).toBe(0);
    const audits = await t.database.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity', '=', 'groupBuyOrder')
      .where('entityId', '=', String(paid))
      .where('action', '=', 'transition:refund')
      .executeTakeFirstOrThrow();
    expect(Number(audits.n)).toBe(1);
    // A closed group takes nobody, and its orders are not paid any more.
    expect((await join(g, members[13]!)).status).toBe(400);
    expect((await pay(unpaid)).status).toBe(409);
  });

  it('ends a campaign by the schedule at its end time; no group opens after it', async () => {
    const c = await campaign({ endTime: iso(Date.now() + 2 * HOUR) });
    await runSchedulePass(engine, new Date(Date.now() + 3 * HOUR));
    expect((await detail(CAMPAIGN, c.id)).status).toBe(2);
    expect((await openGroup(c.id)).status).toBe(400);
    // Editing a started campaign is refused.
    const edit = await t.json(hq, 'POST', `${CAMPAIGN}/update`, { id: c.id, name: '改名' });
    expect(edit.status).toBe(409);
    // Headquarters ends one early (提前结束): no group opens in it either, and it is not ended twice.
    const early = await campaign();
    expect((await t.json(hq, 'POST', `${CAMPAIGN}/stop/${String(early.id)}`)).status).toBe(200);
    expect(await detail(CAMPAIGN, early.id)).toMatchObject({ status: 2 });
    expect((await openGroup(early.id)).status).toBe(400);
    expect((await t.json(hq, 'POST', `${CAMPAIGN}/stop/${String(early.id)}`)).status).toBe(409);
  });

  it('scopes groups and orders to the store, masks phones, and refuses writes without the permission', async () => {
    const md = await t.login('md001');
    const clerk = await t.login('e00007');
    const all = (await t.json(hq, 'POST', `${ORDER}/findByPage`, { pageSize: 500 })).body.data;
    const other = (all.list as Row[]).find((o) => o.storeId !== 11)!;
    expect(other).toBeTruthy();
    for (const token of [md, clerk]) {
      const camps = await t.json(token, 'POST', `${CAMPAIGN}/findByPage`, { pageSize: 20 });
      expect(camps.status).toBe(200);
      expect(camps.body.data.total).toBeGreaterThan(0);
      const own = await t.json(token, 'POST', `${ORDER}/findByPage`, { pageSize: 500 });
      expect(own.status).toBe(200);
      expect(own.body.data.total).toBeGreaterThan(0);
      expect(own.body.data.total).toBeLessThan(all.total);
      for (const o of own.body.data.list as Row[]) {
        expect(o.storeId).toBe(11);
        expect(o.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
      }
      const groups = await t.json(token, 'POST', `${GROUP}/findByPage`, { pageSize: 200 });
      expect(groups.body.data.total).toBeGreaterThan(0);
      expect((groups.body.data.list as Row[]).every((g) => g.storeId === 11)).toBe(true);
      expect((await t.json(token, 'GET', `${ORDER}/detail/${String(other.id)}`)).status).toBe(404);
      // Reading only: no campaign, group, join or payment.
      const refused = [
        await t.json(token, 'POST', `${CAMPAIGN}/add`, { name: 'x' }),
        await t.json(token, 'POST', `${GROUP}/add`, { campaignId: 1, storeId: 11, leaderId: members[0] }),
        await t.json(token, 'POST', `${ORDER}/add`, { groupId: 1, memberId: members[0], quantity: 1 }),
        await t.json(token, 'POST', `${ORDER}/pay/${String(other.id)}`),
        await t.json(token, 'POST', `${CAMPAIGN}/stop/1`),
      ];
      for (const r of refused) {
        expect(r.status).toBe(401);
        expect(r.body.result.code).toBe('E0401');
      }
    }
    // Headquarters holds the full phone (groupBuyOrder:phone) and reads it whole.
    expect((all.list as Row[])[0]!.memberPhone).toMatch(/^1\d{10}$/);
  });
});
