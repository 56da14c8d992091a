import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

const TD = '/api/v1/purchase/tender';

type Row = Record<string, unknown>;

// Engine gap 2a: fields changeable in some states only (x-editableIn on a field or a line field,
// editableIn on a child), enforced by the server whichever form or client sends the update. The
// tender: its terms and commodities while 待投标 / 待重新投标, bids while 投标中, 中标 while 待评标.
describe('fields editable in some states', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const post = (url: string, body?: unknown) => t.json(hq, 'POST', url, body);
  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${TD}/detail/${String(id)}`)).body.data as Row;
  const bid = (b: Row, extra: Row = {}) => ({
    supplierId: b.supplierId,
    commodityCode: b.commodityCode,
    price: b.price,
    capacity: b.capacity,
    winning: b.winning,
    remark: b.remark,
    ...extra,
  });

  it('refuses a change out of its states with 409 naming the field; the same value sent back passes', async () => {
    const made = await post(`${TD}/add`, {
      title: '状态字段测试招标',
      categoryCode: '0101',
      periodStart: '2026-12-01',
      periodEnd: '2027-02-28',
      bidDeadline: '2026-11-30T18:00:00+08:00',
      itemList: [{ commodityCode: '100001', quantity: 100 }],
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    const code = made.body.data.code as string;
    // 待投标: the terms may change.
    expect((await post(`${TD}/update`, { id, title: '状态字段测试招标（修订）' })).status).toBe(200);
    expect((await post(`${TD}/publish/${id}`)).status).toBe(200);

    // 投标中: the terms and the commodities are fixed, the bids open.
    const retitled = await post(`${TD}/update`, { id, title: '改名' });
    expect(retitled.status).toBe(409);
    expect(retitled.body.result.msg).toBe(`招标【${code}】当前状态为“投标中”，不能修改招标名称`);
    const items = await post(`${TD}/update`, { id, itemList: [{ commodityCode: '100004', quantity: 5 }] });
    expect(items.status).toBe(409);
    expect(items.body.result.msg).toContain('不能修改招标商品');
    const bids = await post(`${TD}/update`, {
      id,
      // An edit form sends the unchanged terms along: they pass.
      title: '状态字段测试招标（修订）',
      bidDeadline: '2026-11-30T10:00:00.000Z',
      bidList: [
        { supplierId: 1, commodityCode: '100001', price: 7.65, capacity: 5000 },
        { supplierId: 16, commodityCode: '100001', price: 7.98, capacity: 8000 },
      ],
    });
    expect(bids.status).toBe(200);
    expect(bids.body.data.bidCount).toBe(2);
    // Ticking a winner is for the evaluation, not while bidding.
    const early = await post(`${TD}/update`, {
      id,
      bidList: (bids.body.data.bidList as Row[]).map((b, i) => bid(b, { winning: i === 0 })),
    });
    expect(early.status).toBe(409);
    expect(early.body.result.msg).toContain('不能修改供应商投标的中标');

    expect((await post(`${TD}/closeBidding/${id}`)).status).toBe(200);
    // 待评标: 中标 may be ticked, the bids themselves are fixed.
    const lines = (await detail(id)).bidList as Row[];
    const repriced = await post(`${TD}/update`, {
      id,
      bidList: lines.map((b, i) => bid(b, { price: i === 0 ? 6.5 : b.price })),
    });
    expect(repriced.status).toBe(409);
    expect(repriced.body.result.msg).toContain('当前状态为“待评标”，不能修改供应商投标的投标单价');
    const added = await post(`${TD}/update`, {
      id,
      bidList: [
        ...lines.map((b) => bid(b)),
        { supplierId: 7, commodityCode: '100001', price: 7, capacity: 1 },
      ],
    });
    expect(added.status).toBe(409);
    const evaluated = await post(`${TD}/update`, {
      id,
      bidList: lines.map((b, i) => bid(b, { winning: i === 0 })),
    });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.data.winnerCount).toBe(1);
    expect((await detail(id)).title).toBe('状态字段测试招标（修订）');
  });
});
