import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../fixtures/app';
import { chinaToday } from '../../src/schema/seed/generate';
import { chinaClock, withinWindow } from '../../server/resources/transition-rules';

const ORDER = '/api/v1/shop/storeOrder';
const WINDOW = '/api/v1/shop/deliveryBatchWindow';

const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

// Issue 16.3 (order window): a store order is submitted only within its delivery batch's 要货时间窗
// (deliveryBatchWindow, set by headquarters; demo: batch 1 06:00–20:00, 8 and 9 all day). The engine's
// clock is TEST_CLOCK: this file runs at 21:00 China time today, whatever the hour.
describe('store orders are submitted within their batch window', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp({ TEST_CLOCK: `${chinaToday()}T21:00:00+08:00` });
    [hq, md] = [await t.login('hq001'), await t.login('md001')];
    const { rows } = await sql<{ code: string }>`
      select c.code from commodity c join stock s on s.commodity_code = c.code
      where s.warehouse_id = 21 and c.status = 1 group by c.code
      having sum(s.available_quantity) >= 5 order by c.code limit 1`.execute(t.database.db);
    code = rows[0]!.code;
  }, 60_000);
  afterAll(() => t.close());

  async function draft(deliveryBatch: number) {
    const made = await t.json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch,
      itemList: [{ commodityCode: code, quantity: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data as { id: number; windowFrom: string; windowTo: string };
  }

  it('refuses a submission outside the window, naming the batch and the window', async () => {
    const order = await draft(1);
    // The order shows its batch's window.
    expect(order).toMatchObject({ windowFrom: '06:00', windowTo: '20:00' });
    const late = await t.json(md, 'POST', `${ORDER}/submit/${order.id}`);
    expect(late.status).toBe(409);
    expect(late.body.result.msg).toBe(
      '第一批次的要货时间为每日06:00至20:00，当前不在要货时间窗内，请在时间窗内提交或改选其他配送批次',
    );
    const still = await t.json(md, 'GET', `${ORDER}/detail/${order.id}`);
    expect(still.body.data.status).toBe(0);
  });

  it('accepts a submission inside the window', async () => {
    const temp = await t.json(md, 'POST', `${ORDER}/submit/${(await draft(9)).id}`);
    expect(temp.status, JSON.stringify(temp.body)).toBe(200);
    expect(temp.body.data.status).toBe(20);
  });

  it('headquarters changes a window, the store may not; the new window holds at once', async () => {
    const list = await t.json(hq, 'POST', `${WINDOW}/findByPage`, { pageNo: 1, pageSize: 20 });
    const rows = list.body.data.list as { id: number; deliveryBatch: number }[];
    expect(rows.map((r) => r.deliveryBatch)).toEqual([1, 2, 3, 8, 9]);
    const first = rows[0]!;
    const denied = await t.json(md, 'POST', `${WINDOW}/update`, { id: first.id, orderTo: '23:00' });
    expect(denied.status).toBe(401);
    const bad = await t.json(hq, 'POST', `${WINDOW}/update`, { id: first.id, orderTo: '24:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.result.msg).toBe('请输入正确的时间，如 20:00');
    // Past midnight: 20:30 to 01:00 holds 21:00.
    const moved = await t.json(hq, 'POST', `${WINDOW}/update`, {
      id: first.id,
      orderFrom: '20:30',
      orderTo: '01:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = await t.json(md, 'POST', `${ORDER}/submit/${(await draft(1)).id}`);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body.data.status).toBe(20);
  });

  it('a batch whose window headquarters removed takes orders at any time', async () => {
    const list = await t.json(hq, 'POST', `${WINDOW}/findByPage`, {
      pageNo: 1,
      pageSize: 20,
      deliveryBatch: 2,
    });
    const second = (list.body.data.list as { id: number }[])[0]!;
    await t.json(hq, 'POST', `${WINDOW}/update`, { id: second.id, orderFrom: '06:00', orderTo: '08:00' });
    const order = await draft(2);
    const refused = await t.json(md, 'POST', `${ORDER}/submit/${order.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('第二批次的要货时间为每日06:00至08:00');
    expect((await t.json(hq, 'POST', `${WINDOW}/delete/${second.id}`)).status).toBe(200);
    const taken = await t.json(md, 'POST', `${ORDER}/submit/${order.id}`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('judges the time of day in China time, a window past midnight included', () => {
    expect(chinaClock(new Date('2026-11-20T13:05:00Z'))).toBe('21:05');
    expect(withinWindow('21:05', '06:00', '20:00')).toBe(false);
    expect(withinWindow('20:00', '06:00', '20:00')).toBe(true);
    expect(withinWindow('06:00', '06:00', '20:00')).toBe(true);
    expect(withinWindow('00:30', '20:30', '01:00')).toBe(true);
    expect(withinWindow('05:00', '20:30', '01:00')).toBe(false);
  });
});
