import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

interface Chart {
  key: string;
  title: string;
  type: string;
  path: string;
  link: string | null;
  dimensions: { field: string }[];
}
interface Section {
  key: string;
  kind: string;
  charts: Chart[];
}
type Row = { key: string | number; label?: string; value: number };

// Issue 20.8 (and 17.8's order figures): each role's home carries the dashboard declared for it in
// schemas/home (kind charts): headquarters and stores today's business, headquarters the store
// rankings, warehouses their work; a chart is sent only to holders of its aggregate's permission,
// and its figures come from the aggregate's own route in the caller's scope.
describe('home dashboards per role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The demo data is seeded around a pinned day (tests/fixtures/seed-anchor.ts): bring some paid
    // orders and finished pick orders into the last days, so the recent figures have something to add.
    await sql`update cloud_order set create_time = now() - (id % 6) * interval '1 day'
      where id in (select id from cloud_order where order_status = 6 order by id limit 90)`.execute(
      t.database.db,
    );
    await sql`update platform_order set order_time = now() - (id % 3) * interval '1 hour'
      where id in (select id from platform_order where status in (20, 30) order by id limit 12)`.execute(
      t.database.db,
    );
    await sql`update pick_order set finish_time = now() - (id % 10) * interval '1 day'
      where id in (select id from pick_order where status = 40 order by id limit 30)`.execute(t.database.db);
  });
  afterAll(() => t.close());

  const home = async (token: string, name = 'admin') =>
    (await t.json(token, 'GET', `/api/v1/home/summary?home=${name}`)).body.data.sections as Section[];
  const charts = (sections: Section[]) =>
    Object.fromEntries(
      sections.filter((s) => s.kind === 'charts').map((s) => [s.key, s.charts.map((c) => c.key)]),
    );
  const figures = async (token: string, chart: Chart) => {
    const res = await t.json(token, 'POST', chart.path, {});
    expect(res.status, JSON.stringify(res.body.result)).toBe(200);
    return res.body.data.rows as Row[];
  };
  const chartOf = (sections: Section[], key: string) =>
    sections.flatMap((s) => s.charts).find((c) => c.key === key)!;

  it('headquarters gets today’s business and the store rankings', async () => {
    const sections = await home(await t.login('hq001'));
    expect(charts(sections)).toEqual({
      business: [
        'cloudOrder.todayCount:statistic',
        'cloudOrder.todaySales:statistic',
        'cloudOrder.todayAvgBasket:statistic',
        'aiEvent.openCount:statistic',
        'cloudOrder.dailySales:area',
        'cloudOrder.countByStatus:pie',
      ],
      channels: [
        'cloudOrder.todaySales:statistic',
        'groupBuyOrder.todaySales:statistic',
        'platformOrder.todaySales:statistic',
        'cloudOrder.dailySales:line',
        'groupBuyOrder.dailySales:line',
        'platformOrder.dailySales:line',
      ],
      chain: ['cloudOrder.salesByStore:bar', 'aiEvent.openByStore:bar'],
    });
    const today = chartOf(sections, 'cloudOrder.todayCount:statistic');
    expect(today).toMatchObject({ title: '今日订单数', link: '/admin/shop/cloudOrderList' });
    // Issue 20.5: each text's English beside the Chinese, from the home file or the aggregate and its
    // fields (the browser localises the summary as a schema file).
    expect(today).toMatchObject({
      measureTitle: '今日订单数',
      i18n: { 'en-US': { title: 'Orders today', measureTitle: 'Orders today' } },
    });
    expect(chartOf(sections, 'aiEvent.openCount:statistic')).toMatchObject({
      title: '未办结AI事件',
      i18n: { 'en-US': { title: 'Open AI events', measureTitle: 'Open events' } },
    });
    expect(chartOf(sections, 'cloudOrder.countByStatus:pie').dimensions).toMatchObject([
      { field: 'orderStatus', title: '订单状态', i18n: { 'en-US': { title: 'Order status' } } },
    ]);
    const business = sections.find((s) => s.key === 'business') as unknown as Record<string, unknown>;
    expect(business).toMatchObject({ title: '今日经营', i18n: { 'en-US': { title: "Today's business" } } });
  });

  it('sales by channel: each channel’s figure today is its paid orders of today', async () => {
    const token = await t.login('hq001');
    const sections = await home(token);
    const channel = sections.find((s) => s.key === 'channels')!;
    expect(channel).toMatchObject({ title: '各渠道销售' });
    const today = async (key: string) =>
      (
        await figures(
          token,
          channel.charts.find((c) => c.key === key)!,
        )
      )[0]?.value ?? 0;
    const sum = async (query: ReturnType<typeof sql<{ total: string | null }>>) =>
      Number((await query.execute(t.database.db)).rows[0]!.total ?? 0);
    const chinaToday = sql`(now() at time zone 'Asia/Shanghai')::date`;
    expect(await today('groupBuyOrder.todaySales:statistic')).toBe(
      await sum(sql<{ total: string | null }>`select sum(amount)::text as total from group_buy_order
        where status = 1 and (pay_time at time zone 'Asia/Shanghai')::date = ${chinaToday}`),
    );
    expect(await today('platformOrder.todaySales:statistic')).toBe(
      await sum(sql<{ total: string | null }>`select sum(pay_amount)::text as total from platform_order
        where status in (10, 20, 30) and (order_time at time zone 'Asia/Shanghai')::date = ${chinaToday}`),
    );
    expect(await today('platformOrder.todaySales:statistic')).toBeGreaterThan(0);
    const days = await figures(
      token,
      channel.charts.find((c) => c.key === 'groupBuyOrder.dailySales:line')!,
    );
    expect(days).toHaveLength(30);
  });

  it('the store ranking names each store and adds up its paid orders of the last seven days', async () => {
    const token = await t.login('hq001');
    const rows = await figures(token, chartOf(await home(token), 'cloudOrder.salesByStore:bar'));
    const { rows: expected } = await sql<{ shopId: number; name: string; total: string }>`
      select o.shop_id as "shopId", g.name, sum(o.pay_amount)::text as total
      from cloud_order o join org g on g.id = o.shop_id
      where o.order_status in (2, 3, 4, 5, 6, 7)
        and (o.create_time at time zone 'Asia/Shanghai')::date
            > (now() at time zone 'Asia/Shanghai')::date - 7
      group by o.shop_id, g.name order by sum(o.pay_amount) desc, o.shop_id limit 10`.execute(t.database.db);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.map((r) => [Number(r.key), r.label, r.value])).toEqual(
      expected.map((e) => [e.shopId, e.name, Number(e.total)]),
    );
  });

  it('a store manager gets his store’s business, no rankings; the figures are his store’s', async () => {
    const token = await t.login('md001');
    const sections = await home(token);
    expect(Object.keys(charts(sections))).toEqual(['business', 'channels']);
    const byStatus = await figures(token, chartOf(sections, 'cloudOrder.countByStatus:pie'));
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from cloud_order where shop_id = 11`.execute(t.database.db);
    expect(byStatus.reduce((a, r) => a + r.value, 0)).toBe(rows[0]!.n);
    const { rows: all } = await sql<{ n: number }>`select count(*)::int as n from cloud_order`.execute(
      t.database.db,
    );
    expect(all[0]!.n).toBeGreaterThan(rows[0]!.n);
    // The ranking's route itself refuses nothing to a store, but ranks his store alone.
    const ranking = await t.json(token, 'POST', '/api/v1/shop/appOrder/aggregate/salesByStore', {});
    expect(ranking.body.data.rows.map((r: Row) => Number(r.key))).toEqual(
      ranking.body.data.rows.length ? [11] : [],
    );
  });

  it('a warehouse clerk gets the warehouse work, not the stores’ business', async () => {
    const token = await t.login('wh001');
    expect(charts(await home(token))).toEqual({});
    const sections = await home(token, 'dacang');
    expect(charts(sections)).toEqual({
      work: ['pickOrder.dailyFinished:column', 'deliveryOrder.dailyDispatched:column'],
    });
    const finished = await figures(token, chartOf(sections, 'pickOrder.dailyFinished:column'));
    // Every one of the last 14 China days is answered, empty days as 0.
    expect(finished).toHaveLength(14);
    expect(finished.filter((r) => r.value > 0).length).toBeGreaterThan(3);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pick_order where status = 40
        and (finish_time at time zone 'Asia/Shanghai')::date
            > (now() at time zone 'Asia/Shanghai')::date - 14`.execute(t.database.db);
    expect(finished.reduce((a, r) => a + r.value, 0)).toBe(rows[0]!.n);
  });

  it('a chart is left out for a user without its aggregate’s permission', async () => {
    const token = await t.login('e00007');
    const shown = (await home(token)).flatMap((s) => s.charts);
    // Headquarters' charts meant for stores too (the rankings are for headquarters only).
    const all = (await home(await t.login('hq001')))
      .filter((s) => s.key === 'business' || s.key === 'channels')
      .flatMap((s) => s.charts);
    // Each chart the clerk gets answers him; each of headquarters' charts he does not get refuses him.
    for (const c of all) {
      const status = (await t.json(token, 'POST', c.path, {})).status;
      expect([c.key, status]).toEqual([c.key, shown.some((x) => x.key === c.key) ? 200 : 401]);
    }
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
  });
});
