import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const A = '/api/v1/store/asset';
const NET = `${A}/findNetValueByPage`;
const TR = '/api/v1/store/assetTransfer';
const SC = '/api/v1/store/assetScrap';
const RP = '/api/v1/store/assetRepair';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';

type Row = Record<string, unknown>;

/** The first day of the month `back` months before this one, China time (YYYY-MM-DD). */
function monthStart(back: number): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 10);
}
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

// Issue 19.1: the asset register with monthly straight-line depreciation computed by the server,
// transfers between stores and scrapping through approval, repair records moving the asset's status.
describe('store assets', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let fin: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
    fin = await t.login('tip001');
  });
  afterAll(() => t.close());

  const register = async (token: string, values: Row) => {
    const res = await t.json(token, 'POST', `${A}/add`, {
      name: '立式冷藏展示柜',
      category: 1,
      storeId: 11,
      custodian: '陈晓',
      ...values,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Row;
  };
  const detail = async (id: unknown, token = hq) =>
    (await t.json(token, 'GET', `${A}/detail/${String(id)}`)).body.data as Row;
  const todo = async (token: string, code: unknown) =>
    (await t.json(token, 'POST', TODO, { pageNo: 1, pageSize: 20, keyword: code })).body.data.list as Row[];

  it('seeds twelve assets in every store, some already moved on by repairs, transfers and scrapping', async () => {
    const res = await t.json(hq, 'POST', `${A}/findByPage`, { pageNo: 1, pageSize: 500 });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as Row[];
    const stores = new Set(rows.map((r) => r.storeId));
    for (const s of [11, 12, 13, 14, 15, 16, 17]) expect(stores).toContain(s);
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of [1, 2, 3, 4]) expect(statuses).toContain(s);
    // md001 sees his store's assets only.
    const mine = (await t.json(md, 'POST', `${A}/findByPage`, { pageNo: 1, pageSize: 500 })).body.data
      .list as Row[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.storeId === 11)).toBe(true);
  });

  it('depreciates straight line by whole months after the purchase month, without drift', async () => {
    // Bought 14 months ago: 13 months are over since the month after purchase.
    const a = await register(hq, {
      purchaseDate: monthStart(14),
      purchaseValue: 10000,
      residualValue: 500,
      usefulLifeMonths: 36,
    });
    expect(a).toMatchObject({
      status: 1,
      storeName: '杭州文三路店',
      monthlyDepreciation: 263.89,
      depreciatedMonths: 13,
      // 9500 × 13 / 36 = 3430.5555…, rounded once — not 13 × 263.89 = 3430.57.
      accumulatedDepreciation: 3430.56,
      netValue: 6569.44,
    });
    expect(a.assetCode).toMatch(/^ZC\d{14}$/);
    // Past its life: fully depreciated down to the residual value exactly.
    const old = await register(hq, {
      purchaseDate: monthStart(40),
      purchaseValue: 1999.99,
      usefulLifeMonths: 7,
    });
    expect(old).toMatchObject({
      residualValue: 0,
      monthlyDepreciation: 285.71,
      depreciatedMonths: 7,
      accumulatedDepreciation: 1999.99,
      netValue: 0,
    });
    // Bought this month: nothing yet.
    const fresh = await register(hq, { purchaseDate: today(), purchaseValue: 4299, usefulLifeMonths: 60 });
    expect(fresh).toMatchObject({ depreciatedMonths: 0, accumulatedDepreciation: 0, netValue: 4299 });
    // The net-value report carries the same figures.
    const report = (await t.json(hq, 'POST', NET, { pageNo: 1, pageSize: 10, keyword: String(a.assetCode) }))
      .body.data.list as Row[];
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({
      accumulatedDepreciation: 3430.56,
      netValue: 6569.44,
      depreciatedMonths: 13,
    });
    // The figures are the server's: a client cannot send them.
    const sent = await t.json(hq, 'POST', `${A}/add`, {
      name: '收银一体机',
      category: 2,
      storeId: 11,
      custodian: '陈晓',
      purchaseDate: today(),
      purchaseValue: 100,
      usefulLifeMonths: 12,
      netValue: 1,
    });
    expect(sent.status).toBe(400);
  });

  it('refuses bad registrations with Chinese messages and users without the button', async () => {
    const bad = await t.json(hq, 'POST', `${A}/add`, {
      name: '条码电子秤',
      category: 3,
      storeId: 11,
      custodian: '陈晓',
      purchaseDate: today(),
      purchaseValue: 0,
      usefulLifeMonths: 60,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result.msg).toContain('资产原值必须大于0');
    const viewer = await userWith(t, 'e00071', ['/admin/storeAsset/assetList']);
    expect((await t.json(viewer, 'POST', `${A}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    const refused = await t.json(viewer, 'POST', `${A}/add`, {
      name: '条码电子秤',
      category: 3,
      storeId: 11,
      custodian: '陈晓',
      purchaseDate: today(),
      purchaseValue: 1680,
      usefulLifeMonths: 60,
    });
    expect(refused.status).toBe(401);
  });

  it('moves an asset to another store only when headquarters approves the transfer', async () => {
    const a = await register(md, { purchaseDate: monthStart(3), purchaseValue: 2680, usefulLifeMonths: 60 });
    expect(a.storeId).toBe(11);
    // The edit form cannot move it.
    const edit = await t.json(md, 'POST', `${A}/update`, { id: a.id, storeId: 12, name: a.name });
    expect(edit.status).toBe(400);
    const made = await t.json(md, 'POST', `${TR}/add`, {
      assetId: a.id,
      toStoreId: 12,
      reason: '闲置设备调剂使用',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const tr = made.body.data as Row;
    expect(tr).toMatchObject({
      status: 10,
      fromStoreId: 11,
      fromStoreName: '杭州文三路店',
      toStoreName: '杭州西湖店',
    });
    expect((await detail(a.id)).storeId).toBe(11);
    const [task] = await todo(hq, tr.transferCode);
    expect(task).toMatchObject({ workflowTitle: '资产调拨审批' });
    expect(
      (await t.json(hq, 'POST', `${TASK}/approve/${String(task!.id)}`, { comment: '同意' })).status,
    ).toBe(200);
    expect(await detail(a.id)).toMatchObject({ storeId: 12, storeName: '杭州西湖店' });
    // It left md001's store: he no longer reads it.
    expect((await t.json(md, 'GET', `${A}/detail/${String(a.id)}`)).status).toBe(404);
  });

  it('scraps an asset after headquarters and, from 5,000 yuan of net value, finance approve', async () => {
    const a = await register(md, {
      purchaseDate: monthStart(2),
      purchaseValue: 15600,
      usefulLifeMonths: 120,
    });
    const made = await t.json(md, 'POST', `${SC}/add`, {
      assetId: a.id,
      scrapDate: today(),
      reason: '损坏严重无法修复',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sc = made.body.data as Row;
    expect(sc).toMatchObject({ status: 10, netValue: a.netValue, purchaseValue: 15600 });
    const [first] = await todo(hq, sc.scrapCode);
    expect(first).toMatchObject({ stepTitle: '总部审批' });
    expect(
      (await t.json(hq, 'POST', `${TASK}/approve/${String(first!.id)}`, { comment: '同意' })).status,
    ).toBe(200);
    expect((await detail(a.id)).status).toBe(1);
    const [second] = await todo(fin, sc.scrapCode);
    expect(second).toMatchObject({ stepTitle: '财务审批' });
    expect(
      (await t.json(fin, 'POST', `${TASK}/approve/${String(second!.id)}`, { comment: '同意' })).status,
    ).toBe(200);
    const after = await detail(a.id);
    expect(after).toMatchObject({ status: 4, scrapDate: today(), depreciatedMonths: 1 });
    // A scrapped asset is no longer repaired, transferred or scrapped again.
    expect((await t.json(md, 'POST', `${RP}/add`, { assetId: a.id, fault: '压缩机异响' })).status).toBe(400);
    expect(
      (await t.json(md, 'POST', `${TR}/add`, { assetId: a.id, toStoreId: 12, reason: '调剂' })).status,
    ).toBe(400);
    expect((await t.json(md, 'POST', `${A}/idle/${String(a.id)}`)).status).toBe(409);
  });

  it('sets the asset under repair when a repair is sent and back in use when it is finished', async () => {
    const a = await register(md, { purchaseDate: monthStart(5), purchaseValue: 1680, usefulLifeMonths: 60 });
    const made = await t.json(md, 'POST', `${RP}/add`, {
      assetId: a.id,
      fault: '称重读数漂移',
      vendor: '大华衡器维修部',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rp = made.body.data as Row;
    expect(rp).toMatchObject({ status: 0, assetCode: a.assetCode, storeName: '杭州文三路店' });
    expect((await t.json(md, 'POST', `${RP}/send/${String(rp.id)}`)).status).toBe(200);
    expect((await detail(a.id)).status).toBe(3);
    // Under repair it cannot be set idle by hand, nor repaired twice.
    expect((await t.json(md, 'POST', `${A}/idle/${String(a.id)}`)).status).toBe(409);
    expect((await t.json(md, 'POST', `${RP}/add`, { assetId: a.id, fault: '再次故障' })).status).toBe(400);
    // Finishing needs its cost and result.
    expect((await t.json(md, 'POST', `${RP}/finish/${String(rp.id)}`, {})).status).toBe(400);
    const done = await t.json(md, 'POST', `${RP}/finish/${String(rp.id)}`, {
      repairCost: 120.5,
      result: '重新标定',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 20, repairCost: 120.5 });
    expect((await detail(a.id)).status).toBe(1);
    // The asset's own transitions stay system-only.
    expect((await t.json(hq, 'POST', `${A}/repairStart/${String(a.id)}`)).status).not.toBe(200);
  });
});
