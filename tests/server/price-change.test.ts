import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSchedulePass } from '../../server/services/schedules';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const PC = '/api/v1/product/priceChange';
const RECORDS = `${PC}/findRecordByPage`;
const PRICES = '/api/v1/product/commodityPrice/findPriceListByPage';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';
const MINE = '/api/v1/approval/instance/findMineByPage';
const INSTANCE = '/api/v1/approval/instance';
const PAGE = '/admin/product/priceChangeList';

type Row = Record<string, unknown>;

/** A day from today in China time (YYYY-MM-DD): effective dates are today or later. */
const chinaDay = (days: number) =>
  new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

// Issue 15.4: the price list changes only through price-change applications. Lines pick existing
// prices; headquarters then finance approve (a headquarters administrator's own application skips
// his step); the final approval writes the new prices and the effective date into the price list,
// and the applied lines are the price history. Rejected applications change nothing. A future
// effective date waits as 待生效 until the scheduled takeEffect applies it on that day.
describe('price-change applications', () => {
  let t: TestApp;
  let hq: string;
  let fin: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    fin = await t.login('tip001');
  });
  afterAll(() => t.close());

  /** Retail prices of a store the seeded applications leave alone (S2003), by the line picker's list. */
  const prices = async (count: number, offset = 0) =>
    (
      (await t.json(hq, 'POST', PRICES, { pageNo: 1, pageSize: 50, storeCode: 'S2003', priceType: [1] })).body
        .data.list as Row[]
    ).slice(offset, offset + count);
  const priceOf = async (row: Row) =>
    (
      (
        await t.json(hq, 'POST', PRICES, {
          pageNo: 1,
          pageSize: 5,
          storeCode: row.storeCode,
          keyword: row.commodityCode,
          priceType: [row.priceType],
        })
      ).body.data.list as Row[]
    ).find((p) => p.id === row.id)!;
  const todo = async (token: string, code: unknown) =>
    (await t.json(token, 'POST', TODO, { pageNo: 1, pageSize: 20, keyword: code })).body.data.list as Row[];

  it('lists seeded applications in every status; approved ones are the history and in the price list', async () => {
    const res = await t.json(hq, 'POST', `${PC}/findByPage`, { pageNo: 1, pageSize: 100 });
    expect(res.status).toBe(200);
    const statuses = new Set((res.body.data.list as Row[]).map((r) => r.status));
    for (const s of [10, 20, 30, 40]) expect(statuses).toContain(s);
    const history = await t.json(hq, 'POST', RECORDS, { pageNo: 1, pageSize: 200 });
    expect(history.status).toBe(200);
    const records = history.body.data.list as Row[];
    expect(records.length).toBeGreaterThan(0);
    // Every record is an applied line of an approved application, newest effective date first.
    const approved = new Set(
      (res.body.data.list as Row[]).filter((r) => r.status === 20).map((r) => r.applyCode),
    );
    for (const r of records) {
      expect(r.applied).toBe(true);
      expect(approved.has(r.applyCode)).toBe(true);
    }
    const dates = records.map((r) => String(r.effectiveDate));
    expect([...dates].sort().reverse()).toEqual(dates);
    // The price list agrees with the history: the approval wrote price and effective date.
    const r = records[0]!;
    const listed = await priceOf({ ...r, id: r.priceId });
    expect(listed).toMatchObject({ price: r.newPrice, effectiveDate: r.effectiveDate, status: 1 });
  });

  it('creates with two lines, waits for finance, and the approval on the day changes the price list', async () => {
    const [a, b] = await prices(2);
    // Effective today: the approval applies it at once (takeEffect runs on entering 待生效).
    const effectiveDate = chinaDay(0);
    const made = await t.json(hq, 'POST', `${PC}/add`, {
      changeType: 1,
      reason: '产地到货量增加，下调零售价',
      effectiveDate,
      itemList: [
        { priceId: a!.id, newPrice: 8.8 },
        { priceId: b!.id, newPrice: 12.35 },
      ],
    });
    expect(made.status).toBe(200);
    const pc = made.body.data;
    expect(pc).toMatchObject({ status: 10, lineCount: 2, applicantName: '张总部', effectiveDate });
    expect(pc.applyCode).toMatch(/^TJ\d{8}\d{6}$/);
    // Names, store, price type and the old price come from the picked price rows.
    expect(pc.itemList[0]).toMatchObject({
      lineNo: 1,
      storeCode: 'S2003',
      storeName: a!.storeName,
      commodityCode: a!.commodityCode,
      commodityName: a!.commodityName,
      priceType: 1,
      oldPrice: a!.price,
      newPrice: 8.8,
      applied: false,
    });
    // Nothing changes while it waits; it cannot be approved through its own endpoint.
    expect((await priceOf(a!)).price).toBe(a!.price);
    expect((await t.json(hq, 'POST', `${PC}/approve/${String(pc.id)}`)).status).toBe(409);

    // hq001's own step is skipped: the application waits for finance.
    expect(await todo(hq, pc.applyCode)).toHaveLength(0);
    const [task] = await todo(fin, pc.applyCode);
    expect(task).toMatchObject({ stepTitle: '财务审批', workflowTitle: '调价审批' });
    // The approver reads the application he decides.
    expect((await t.json(fin, 'GET', `${PC}/detail/${String(pc.id)}`)).status).toBe(200);
    const ok = await t.json(fin, 'POST', `${TASK}/approve/${String(task!.id)}`, { comment: '同意' });
    expect(ok.status).toBe(200);

    const after = (await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data;
    expect(after.status).toBe(20);
    expect(after.approveTime).toBeTruthy();
    expect(
      (after.itemList as Row[]).every((l) => l.applied === true && l.effectiveDate === effectiveDate),
    ).toBe(true);
    expect(await priceOf(a!)).toMatchObject({ price: 8.8, effectiveDate, status: 1, updateName: '孙提示' });
    expect(await priceOf(b!)).toMatchObject({ price: 12.35, effectiveDate, status: 1 });

    // The history of that commodity in that store shows the change.
    const history = await t.json(hq, 'POST', RECORDS, {
      pageNo: 1,
      pageSize: 20,
      commodityCode: a!.commodityCode,
      storeCode: 'S2003',
      effectiveDate: [effectiveDate, effectiveDate],
    });
    expect(history.body.data.list).toHaveLength(1);
    expect(history.body.data.list[0]).toMatchObject({
      applyCode: pc.applyCode,
      changeType: 1,
      applicantName: '张总部',
      oldPrice: a!.price,
      newPrice: 8.8,
      effectiveDate,
    });
  });

  it('sends another applicant’s application to headquarters first; a rejection changes nothing', async () => {
    const [c] = await prices(1, 2);
    const buyer = await userWith(t, 'e00031', [PAGE, 'priceChange:add']);
    const made = await t.json(buyer, 'POST', `${PC}/add`, {
      changeType: 5,
      reason: '跟进周边竞品价格',
      effectiveDate: chinaDay(2),
      itemList: [{ priceId: c!.id, newPrice: 1.5 }],
    });
    expect(made.status).toBe(200);
    const pc = made.body.data;
    const [task] = await todo(hq, pc.applyCode);
    expect(task).toMatchObject({ stepTitle: '总部审批' });
    const no = await t.json(hq, 'POST', `${TASK}/reject/${String(task!.id)}`, {
      comment: '降幅过大，请与采购确认成本',
    });
    expect(no.status).toBe(200);
    expect((await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data.status).toBe(30);
    expect(await priceOf(c!)).toMatchObject({ price: c!.price, effectiveDate: c!.effectiveDate });
    const history = await t.json(hq, 'POST', RECORDS, {
      pageNo: 1,
      pageSize: 20,
      commodityCode: c!.commodityCode,
      storeCode: 'S2003',
    });
    expect((history.body.data.list as Row[]).some((r) => r.applyCode === pc.applyCode)).toBe(false);
    // Only the applicant withdraws, and not after the decision.
    expect((await t.json(buyer, 'POST', `${PC}/withdraw/${String(pc.id)}`)).status).toBe(409);
  });

  it('waits as 待生效 after approval until the scheduled pass of its effective day applies it', async () => {
    const [f] = await prices(1, 6);
    const effectiveDate = chinaDay(2);
    const pc = (
      await t.json(hq, 'POST', `${PC}/add`, {
        changeType: 3,
        reason: '下周起统一上调进口水果零售价',
        effectiveDate,
        itemList: [{ priceId: f!.id, newPrice: 66.6 }],
      })
    ).body.data;
    const [task] = await todo(fin, pc.applyCode);
    expect(
      (await t.json(fin, 'POST', `${TASK}/approve/${String(task!.id)}`, { comment: '同意' })).status,
    ).toBe(200);
    const waiting = (await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data;
    expect(waiting).toMatchObject({ status: 25, effectiveDate });
    expect(waiting.approveTime).toBeTruthy();
    expect(waiting.itemList[0]).toMatchObject({ applied: false, effectiveDate: null });
    expect(await priceOf(f!)).toMatchObject({ price: f!.price, effectiveDate: f!.effectiveDate });
    // Only the system applies it.
    const forced = await t.json(hq, 'POST', `${PC}/takeEffect/${String(pc.id)}`);
    expect(forced.status).toBe(409);
    expect(forced.body.result.msg).toBe('“生效”由系统根据相关单据自动执行，不能手动操作');

    const engine = t.engine();
    const day = 86_400_000;
    // The day before: nothing yet.
    await runSchedulePass(engine, new Date(Date.now() + day));
    expect((await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data.status).toBe(25);
    // On the day (China time), by the system, once even when two servers pass at the same moment.
    const onTheDay = new Date(Date.now() + 2 * day);
    await Promise.all([runSchedulePass(engine, onTheDay), runSchedulePass(engine, onTheDay)]);
    const applied = (await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data;
    expect(applied.status).toBe(20);
    expect(applied.itemList[0]).toMatchObject({ applied: true, effectiveDate });
    expect(await priceOf(f!)).toMatchObject({ price: 66.6, effectiveDate, status: 1, updateName: '系统' });
    const history = (
      await t.json(hq, 'POST', RECORDS, {
        pageNo: 1,
        pageSize: 20,
        commodityCode: f!.commodityCode,
        storeCode: 'S2003',
      })
    ).body.data.list as Row[];
    expect(history.filter((r) => r.applyCode === pc.applyCode)).toEqual([
      expect.objectContaining({ oldPrice: f!.price, newPrice: 66.6, effectiveDate, priceType: 1 }),
    ]);
  });

  it('lets the applicant withdraw a waiting application from the approval centre', async () => {
    const [w] = await prices(1, 5);
    const pc = (
      await t.json(hq, 'POST', `${PC}/add`, {
        changeType: 2,
        reason: '周末促销',
        effectiveDate: chinaDay(3),
        itemList: [{ priceId: w!.id, newPrice: 3.3 }],
      })
    ).body.data;
    // Not through the application's own endpoint while its approval runs.
    expect((await t.json(hq, 'POST', `${PC}/withdraw/${String(pc.id)}`)).status).toBe(409);
    const mine = (await t.json(hq, 'POST', MINE, { pageNo: 1, pageSize: 20, keyword: pc.applyCode })).body
      .data.list as Row[];
    expect(mine).toHaveLength(1);
    expect((await t.json(hq, 'POST', `${INSTANCE}/withdraw/${String(mine[0]!.id)}`)).status).toBe(200);
    expect((await t.json(hq, 'GET', `${PC}/detail/${String(pc.id)}`)).body.data.status).toBe(40);
    expect(await todo(fin, pc.applyCode)).toHaveLength(0);
    expect((await priceOf(w!)).price).toBe(w!.price);
  });

  it('refuses bad prices and lines with Chinese messages', async () => {
    const [d] = await prices(1, 3);
    const add = (itemList: unknown[], extra: Row = {}) =>
      t.json(hq, 'POST', `${PC}/add`, {
        changeType: 1,
        reason: '测试',
        effectiveDate: chinaDay(1),
        itemList,
        ...extra,
      });
    const zero = await add([{ priceId: d!.id, newPrice: 0 }]);
    expect(zero.status).toBe(400);
    expect(zero.body.result.msg).toBe('调整后价格必须大于0');
    const decimals = await add([{ priceId: d!.id, newPrice: 9.999 }]);
    expect(decimals.status).toBe(400);
    expect(decimals.body.result.msg).toBe('请输入正确的金额，最多保留两位小数');
    const huge = await add([{ priceId: d!.id, newPrice: 100_000 }]);
    expect(huge.status).toBe(400);
    expect(huge.body.result.msg).toBe('调整后价格不能超过99999.99');
    const empty = await add([]);
    expect(empty.status).toBe(400);
    expect(empty.body.result.msg).toBe('请添加调价明细');
    const missing = await add([{ priceId: 99_999_999, newPrice: 9.9 }]);
    expect(missing.status).toBe(400);
    expect(missing.body.result.msg).toBe('商品价格不存在');
    const noDate = await add([{ priceId: d!.id, newPrice: 9.9 }], { effectiveDate: undefined });
    expect(noDate.status).toBe(400);
    expect(noDate.body.result.msg).toBe('请选择生效日期');
    // The old price is the price list's, never the request's.
    const forged = await add([{ priceId: d!.id, newPrice: 9.9, oldPrice: 1 }]);
    expect(forged.status).toBe(400);
    expect(forged.body.result.msg).toBe('不支持的字段：oldPrice');
    // Nothing of it reached the price list.
    expect((await priceOf(d!)).price).toBe(d!.price);
  });

  it('enforces permissions per button and page', async () => {
    const [e] = await prices(1, 4);
    const body = {
      changeType: 1,
      reason: '测试',
      effectiveDate: chinaDay(1),
      itemList: [{ priceId: e!.id, newPrice: 5 }],
    };
    const reader = await userWith(t, 'e00042', [PAGE]);
    expect((await t.json(reader, 'POST', `${PC}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(200);
    // The line picker lists the price list for the page's users.
    expect((await t.json(reader, 'POST', PRICES, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    expect((await t.json(reader, 'POST', `${PC}/add`, body)).status).toBe(401);
    expect((await t.json(reader, 'POST', RECORDS, { pageNo: 1, pageSize: 20 })).status).toBe(401);
    const store = await t.login('md001');
    expect((await t.json(store, 'POST', `${PC}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(401);
    expect((await t.json(store, 'POST', `${PC}/add`, body)).status).toBe(401);
    expect((await t.json(store, 'POST', RECORDS, { pageNo: 1, pageSize: 20 })).status).toBe(401);
    const history = await userWith(t, 'e00043', ['/admin/product/priceChangeRecordList']);
    expect((await t.json(history, 'POST', RECORDS, { pageNo: 1, pageSize: 20 })).status).toBe(200);
    expect((await t.json(history, 'POST', `${PC}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(401);
  });
});
