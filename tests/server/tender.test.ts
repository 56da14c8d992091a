import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const TD = '/api/v1/purchase/tender';
const SC = '/api/v1/product/supplierCommodity';

type Row = Record<string, unknown>;

/** The writable fields of a bid line, as the bid and evaluation forms send them back. */
const bidBody = (b: Row) => ({
  supplierId: b.supplierId,
  commodityCode: b.commodityCode,
  price: b.price,
  capacity: b.capacity,
  winning: b.winning,
  remark: b.remark,
});

// Issue 15.8 (SPEC 3 tender status): a tender for a category and a supply period, its commodities,
// the suppliers' bids, evaluation (winning bids ticked while 待评标), the award writing the winning
// bids into supplier–commodity prices (price source 2 招标定价), rebid rounds, closing and cancelling;
// transitions enforced (409) and every step behind its own button code.
describe('tenders', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const detail = async (id: unknown) =>
    (await t.json(hq, 'GET', `${TD}/detail/${String(id)}`)).body.data as Row;
  /** The relation of one supplier and one commodity, if any. */
  const relation = async (supplierId: number, commodityCode: string) => {
    const list = (
      await t.json(hq, 'POST', `${SC}/findByPage`, {
        pageNo: 1,
        pageSize: 50,
        supplierId,
        keyword: commodityCode,
      })
    ).body.data.list as Row[];
    return list.find((r) => r.commodityCode === commodityCode);
  };
  const draft = async (token = hq, items: string[] = ['100001', '100004']) =>
    t.json(token, 'POST', `${TD}/add`, {
      title: '测试柑橘类招标',
      categoryCode: '0101',
      periodStart: '2026-12-01',
      periodEnd: '2027-02-28',
      bidDeadline: '2026-11-30T18:00:00+08:00',
      remark: '按周分批送货',
      itemList: items.map((commodityCode) => ({ commodityCode, quantity: 3000 })),
    });

  it('seeds tenders in every status with their commodities and bids, filtered by category at any level', async () => {
    const res = await t.json(hq, 'POST', `${TD}/findByPage`, { pageNo: 1, pageSize: 100 });
    expect(res.status).toBe(200);
    const list = res.body.data.list as Row[];
    expect(new Set(list.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    const done = list.find((r) => r.status === 3)!;
    expect(done.code).toMatch(/^ZB\d{8}\d{6}$/);
    expect(Number(done.winnerCount)).toBeGreaterThan(0);
    const doc = await detail(done.id);
    expect((doc.itemList as Row[]).length).toBe(doc.itemCount);
    expect((doc.bidList as Row[]).length).toBe(doc.bidCount);
    expect((doc.bidList as Row[])[0]).toMatchObject({
      supplierName: expect.any(String),
      commodityName: expect.any(String),
    });
    // Drafts have no bids yet.
    for (const r of list.filter((x) => x.status === 0)) expect(r.bidCount).toBe(0);

    const fruit = (await t.json(hq, 'POST', `${TD}/findByPage`, { pageNo: 1, pageSize: 100, category: '01' }))
      .body.data.list as Row[];
    expect(fruit.length).toBeGreaterThan(0);
    for (const r of fruit) expect(String(r.categoryCode).startsWith('01')).toBe(true);
    const waiting = (await t.json(hq, 'POST', `${TD}/findByPage`, { pageNo: 1, pageSize: 100, status: [2] }))
      .body.data.list as Row[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((r) => r.status === 2)).toBe(true);
  });

  it('publishes, takes bids, closes bidding, evaluates and awards: winning bids become tender prices', async () => {
    const before = await relation(1, '100001');
    expect(before).toMatchObject({ priceSource: 1 });
    const loserBefore = await relation(16, '100001');
    expect(loserBefore).toBeDefined();
    expect(await relation(7, '100004')).toBeUndefined();
    expect(await relation(16, '100004')).toBeUndefined();

    const made = await draft();
    expect(made.status).toBe(200);
    const tender = made.body.data as Row;
    expect(tender).toMatchObject({
      status: 0,
      categoryName: '水果 › 柑橘类',
      itemCount: 2,
      bidCount: 0,
      winnerCount: 0,
      createName: '张总部',
    });
    expect(tender.code).toMatch(/^ZB\d{8}\d{6}$/);
    expect((tender.itemList as Row[])[0]).toMatchObject({
      commodityCode: '100001',
      commodityName: '赣南脐橙',
      unitName: 'kg',
      referencePrice: 8.6,
    });
    const id = tender.id;

    const published = await t.json(hq, 'POST', `${TD}/publish/${String(id)}`);
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe(1);
    expect(published.body.data.publishTime).toBeTruthy();

    // Bids recorded while bidding: the supplier's and the commodity's names come from their rows.
    const bids = await t.json(hq, 'POST', `${TD}/update`, {
      id,
      bidList: [
        { supplierId: 1, commodityCode: '100001', price: 7.65, capacity: 5000 },
        { supplierId: 16, commodityCode: '100001', price: 7.98, capacity: 8000 },
        { supplierId: 16, commodityCode: '100004', price: 9.1, capacity: 3000 },
        { supplierId: 7, commodityCode: '100004', price: 8.75, capacity: 2500, remark: '可加急配送' },
      ],
    });
    expect(bids.status).toBe(200);
    expect(bids.body.data.bidCount).toBe(4);
    expect((bids.body.data.itemList as Row[]).length).toBe(2);
    expect((bids.body.data.bidList as Row[])[0]).toMatchObject({
      supplierName: '赣州绿源果业有限公司',
      commodityName: '赣南脐橙',
      winning: false,
    });
    // A disabled supplier cannot bid.
    const disabled = await t.json(hq, 'POST', `${TD}/update`, {
      id,
      bidList: [{ supplierId: 8, commodityCode: '100001', price: 7, capacity: 1 }],
    });
    expect(disabled.status).toBe(400);

    expect((await t.json(hq, 'POST', `${TD}/award/${String(id)}`)).status).toBe(409);
    const closed = await t.json(hq, 'POST', `${TD}/closeBidding/${String(id)}`);
    expect(closed.body.data).toMatchObject({ status: 2 });
    expect(closed.body.data.bidCloseTime).toBeTruthy();

    // Evaluation: the lowest bid per commodity wins.
    const lines = (await detail(id)).bidList as Row[];
    const winners = new Set(['1/100001', '7/100004']);
    const evaluated = await t.json(hq, 'POST', `${TD}/update`, {
      id,
      bidList: lines.map((b) => ({
        ...bidBody(b),
        winning: winners.has(`${String(b.supplierId)}/${String(b.commodityCode)}`),
      })),
    });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.data.winnerCount).toBe(2);

    const awarded = await t.json(hq, 'POST', `${TD}/award/${String(id)}`);
    expect(awarded.status).toBe(200);
    expect(awarded.body.data).toMatchObject({ status: 3, awardName: '张总部' });
    expect(awarded.body.data.awardTime).toBeTruthy();

    // An existing relation gets the bid price, a new one is created; losing bids write nothing.
    expect(await relation(1, '100001')).toMatchObject({
      id: before!.id,
      purchasePrice: 7.65,
      priceSource: 2,
    });
    expect(await relation(7, '100004')).toMatchObject({
      purchasePrice: 8.75,
      priceSource: 2,
      status: 1,
      supplierName: '海南椰风热带水果有限公司',
      commodityName: '秭归脐橙',
    });
    expect(await relation(16, '100001')).toMatchObject({
      purchasePrice: loserBefore!.purchasePrice,
      priceSource: loserBefore!.priceSource,
    });
    expect(await relation(16, '100004')).toBeUndefined();

    // Done: no further changes, no second award.
    expect((await t.json(hq, 'POST', `${TD}/update`, { id, remark: 'x' })).status).toBe(409);
    const again = await t.json(hq, 'POST', `${TD}/award/${String(id)}`);
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe(
      `招标【${String(tender.code)}】当前状态为“已完成”，不能执行“定标”操作`,
    );
  });

  it('refuses transitions from the wrong status (409) and transitions without their reason (400)', async () => {
    const tender = (await draft()).body.data as Row;
    const id = String(tender.id);
    for (const action of ['closeBidding', 'award', 'rebid', 'reopen', 'close']) {
      const res = await t.json(hq, 'POST', `${TD}/${action}/${id}`, { rebidReason: 'x', endReason: 'x' });
      expect(res.status, action).toBe(409);
    }
    const award = await t.json(hq, 'POST', `${TD}/award/${id}`);
    expect(award.body.result.msg).toBe(
      `招标【${String(tender.code)}】当前状态为“待投标”，不能执行“定标”操作`,
    );
    expect((await t.json(hq, 'POST', `${TD}/publish/${id}`)).status).toBe(200);
    expect((await t.json(hq, 'POST', `${TD}/publish/${id}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${TD}/closeBidding/${id}`)).status).toBe(200);

    // Evaluation sends it back for a new round (with a reason), then bidding opens again.
    expect((await t.json(hq, 'POST', `${TD}/rebid/${id}`, {})).status).toBe(400);
    const rebid = await t.json(hq, 'POST', `${TD}/rebid/${id}`, { rebidReason: '有效投标不足三家' });
    expect(rebid.body.data).toMatchObject({ status: 4, rebidReason: '有效投标不足三家' });
    expect((await t.json(hq, 'POST', `${TD}/award/${id}`)).status).toBe(409);
    expect((await t.json(hq, 'POST', `${TD}/reopen/${id}`)).body.data.status).toBe(1);
    expect((await t.json(hq, 'POST', `${TD}/close/${id}`, { endReason: '流标' })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${TD}/cancel/${id}`, {})).status).toBe(400);
    const cancelled = await t.json(hq, 'POST', `${TD}/cancel/${id}`, { endReason: '需求取消' });
    expect(cancelled.body.data).toMatchObject({ status: 6, endReason: '需求取消' });
    expect((await t.json(hq, 'POST', `${TD}/update`, { id: tender.id, remark: 'x' })).status).toBe(409);
    expect((await t.json(hq, 'POST', `${TD}/publish/${id}`)).status).toBe(409);

    // Closed without award (流标) from evaluation.
    const other = String(((await draft()).body.data as Row).id);
    await t.json(hq, 'POST', `${TD}/publish/${other}`);
    await t.json(hq, 'POST', `${TD}/closeBidding/${other}`);
    const ended = await t.json(hq, 'POST', `${TD}/close/${other}`, { endReason: '报价均高于目标价' });
    expect(ended.body.data).toMatchObject({ status: 5 });
    expect((await t.json(hq, 'POST', `${TD}/cancel/${other}`, { endReason: 'x' })).status).toBe(409);
  });

  it('checks the lines: at least one commodity, only purchasable ones, figures from the server', async () => {
    const empty = await draft(hq, []);
    expect(empty.status).toBe(400);
    expect(empty.body.result.msg).toBe('请添加招标商品');
    // 100006 冰糖橙 is closed to purchasing.
    expect((await draft(hq, ['100006'])).status).toBe(400);
    const forged = await t.json(hq, 'POST', `${TD}/add`, {
      title: 'x',
      categoryCode: '0101',
      periodStart: '2026-12-01',
      periodEnd: '2027-02-28',
      bidDeadline: '2026-11-30T18:00:00+08:00',
      itemList: [{ commodityCode: '100001', quantity: 1 }],
      winnerCount: 3,
    });
    expect(forged.status).toBe(400);
    const noCategory = await t.json(hq, 'POST', `${TD}/add`, {
      title: 'x',
      periodStart: '2026-12-01',
      periodEnd: '2027-02-28',
      bidDeadline: '2026-11-30T18:00:00+08:00',
      itemList: [{ commodityCode: '100001', quantity: 1 }],
    });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.result.msg).toBe('请选择招标品类');
  });

  it('guards every step by its button code', async () => {
    const reader = await userWith(t, 'e00051', ['/admin/purchase/tenderList']);
    const editor = await userWith(t, 'e00052', ['/admin/purchase/tenderList', 'tender:edit']);
    const awarder = await userWith(t, 'e00053', ['/admin/purchase/tenderList', 'tender:award']);
    const canceller = await userWith(t, 'e00054', ['/admin/purchase/tenderList', 'tender:cancel']);

    expect((await t.json(reader, 'POST', `${TD}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(200);
    expect((await draft(reader)).status).toBe(401);
    expect((await draft(awarder)).status).toBe(401);
    const made = await draft(editor);
    expect(made.status).toBe(200);
    const id = String(made.body.data.id);
    expect((await t.json(reader, 'GET', `${TD}/detail/${id}`)).status).toBe(200);
    expect((await t.json(reader, 'POST', `${TD}/publish/${id}`)).status).toBe(401);
    expect((await t.json(editor, 'POST', `${TD}/publish/${id}`)).status).toBe(200);
    expect(
      (
        await t.json(awarder, 'POST', `${TD}/update`, {
          id: made.body.data.id,
          bidList: [{ supplierId: 1, commodityCode: '100001', price: 7.5, capacity: 100, winning: true }],
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.json(editor, 'POST', `${TD}/update`, {
          id: made.body.data.id,
          bidList: [{ supplierId: 1, commodityCode: '100001', price: 7.5, capacity: 100 }],
        })
      ).status,
    ).toBe(200);
    expect((await t.json(editor, 'POST', `${TD}/closeBidding/${id}`)).status).toBe(200);
    expect((await t.json(editor, 'POST', `${TD}/award/${id}`)).status).toBe(401);
    expect((await t.json(editor, 'POST', `${TD}/rebid/${id}`, { rebidReason: 'x' })).status).toBe(401);
    expect((await t.json(editor, 'POST', `${TD}/close/${id}`, { endReason: 'x' })).status).toBe(401);
    expect((await t.json(awarder, 'POST', `${TD}/close/${id}`, { endReason: 'x' })).status).toBe(401);
    expect((await t.json(awarder, 'POST', `${TD}/rebid/${id}`, { rebidReason: '报价偏高' })).status).toBe(
      200,
    );
    expect((await t.json(canceller, 'POST', `${TD}/reopen/${id}`)).status).toBe(401);
    expect((await t.json(canceller, 'POST', `${TD}/cancel/${id}`, { endReason: '需求取消' })).status).toBe(
      200,
    );

    // A store manager of the demo roles has no tender page at all.
    const store = await t.login('md001');
    expect((await t.json(store, 'POST', `${TD}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(401);
  });
});
