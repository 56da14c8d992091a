import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { todoTask, userWith } from './resource-helpers';

const BASE = '/api/v1/product/commodity';
const LIST = `${BASE}/getPageForCommon`;
const URI = '/admin/product/commodityList';

interface Row {
  id: number;
  code: string;
  name: string;
  barcodes: string[];
  categoryCode: string;
  categoryName: string;
  status: number;
  retailPrice: number;
  updateTime: string | null;
}

// Issue 15: the commodity master data as JSON only (schemas/resources/commodity.json and its seed):
// the default commodity list of SPEC 7.6 with its filters; new commodities, data changes and state
// changes only through approved applications under the commodityApply codes of SPEC 6.
describe('commodities', () => {
  let t: TestApp;
  let clerk: string;
  let editor: string;
  let outsider: string;
  const list = async (token: string, params: Record<string, unknown>) =>
    t.json(token, 'POST', LIST, { pageNo: 1, pageSize: 500, ...params });
  const rows = async (params: Record<string, unknown>): Promise<Row[]> => {
    const res = await list(clerk, params);
    expect(res.status).toBe(200);
    return res.body.data.list as Row[];
  };
  /** SPEC 7.9: the commodity detail by code. */
  const get = async (code: string): Promise<Row> =>
    (await t.json(clerk, 'POST', `${BASE}/getDetailByCode/${code}`, {})).body.data as Row;

  beforeAll(async () => {
    t = await createTestApp();
    clerk = await userWith(t, 'e00051', [URI]);
    editor = await userWith(t, 'e00052', [
      URI,
      'commodityApply:edit',
      'commodityApply:commodityStateEnable',
      'commodityApply:commodityStateDisable',
    ]);
    outsider = await userWith(t, 'e00053', ['/admin/product/priceList']);
  });
  afterAll(() => t.close());

  it('seeds about 600 commodities on third-level categories, with their category path', async () => {
    const res = await list(clerk, { pageSize: 20 });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(590);
    const all = await rows({});
    expect(all[0]).toMatchObject({ code: '100001', name: '赣南脐橙', categoryCode: '010101' });
    expect(all[0]!.categoryName).toBe('水果 › 柑橘类 › 橙');
    expect(all.every((r) => /^\d{6}$/.test(r.code) && r.categoryCode.length === 6)).toBe(true);
  });

  it('filters by keyword over code and name', async () => {
    const oranges = await rows({ keyword: '脐橙' });
    expect(oranges.length).toBeGreaterThanOrEqual(5);
    expect(oranges.every((r) => r.name.includes('脐橙'))).toBe(true);
    expect((await rows({ keyword: '100002' })).map((r) => r.code)).toEqual(['100002']);
  });

  it('filters by a category and everything below it', async () => {
    const all: Row[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = (await list(clerk, { pageNo })).body.data;
      all.push(...(page.list as Row[]));
      if (all.length >= page.total) break;
    }
    const fruit = await list(clerk, { category: '01' });
    expect(fruit.body.data.total).toBe(all.filter((r) => r.categoryCode.startsWith('01')).length);
    expect(fruit.body.data.total).toBeGreaterThan(100);
    expect((fruit.body.data.list as Row[]).every((r) => r.categoryCode.startsWith('01'))).toBe(true);
    const citrus = await rows({ category: '0101' });
    expect(citrus.length).toBe(all.filter((r) => r.categoryCode.startsWith('0101')).length);
    const orange = await rows({ category: '010101' });
    expect(orange.length).toBe(all.filter((r) => r.categoryCode === '010101').length);
    expect(orange.every((r) => r.categoryName === '水果 › 柑橘类 › 橙')).toBe(true);
    expect(await rows({ category: '99' })).toEqual([]);
  });

  it('finds a commodity by any of its barcodes', async () => {
    const two = (await rows({})).find((r) => r.barcodes.length === 2)!;
    for (const code of two.barcodes) {
      expect((await rows({ barcode: code })).map((r) => r.id)).toEqual([two.id]);
    }
    expect(await rows({ barcode: '6900000000000' })).toEqual([]);
    const bad = await list(clerk, { barcode: '12ab' });
    expect(bad.status).toBe(400);
  });

  it('answers the commodity detail by its code (SPEC 7.9 getDetailByCode)', async () => {
    const detail = await get('100001');
    expect(detail).toMatchObject({
      code: '100001',
      name: '赣南脐橙',
      categoryCode: '010101',
      categoryName: '水果 › 柑橘类 › 橙',
    });
    expect(detail.barcodes.length).toBeGreaterThan(0);
    const [listed] = await rows({ keyword: '100001' });
    expect(detail.id).toBe(listed!.id);
    const unknown = await t.json(clerk, 'POST', `${BASE}/getDetailByCode/999999`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.result.success).toBe(false);
    // The old path by id is gone: one detail endpoint per resource.
    expect((await t.json(clerk, 'GET', `${BASE}/detail/${listed!.id}`)).status).toBe(404);
  });

  it('refuses a user without the page', async () => {
    const res = await list(outsider, {});
    expect(res.status).toBe(401);
    expect(res.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
    expect((await t.json(outsider, 'POST', `${BASE}/getDetailByCode/100001`, {})).status).toBe(401);
  });

  it('changes a commodity through an approved edit application, checked like the commodity', async () => {
    const EDIT = '/api/v1/product/commodityEditApply';
    const [row] = await rows({ keyword: '100010' });
    // No direct update any more.
    expect((await t.json(editor, 'POST', `${BASE}/update`, { id: row!.id, name: 'x' })).status).toBe(404);
    const current = await get(row!.code);
    const proposal = {
      commodityCode: row!.code,
      name: current.name,
      spec: '约250g/个',
      unitName: 'kg',
      barcodes: current.barcodes,
      categoryCode: current.categoryCode,
      isWeight: true,
      shelfLifeDays: 20,
      temperatureZone: 1,
      taxRate: 9,
      purchasePrice: 8.6,
      retailPrice: 12,
      reason: '规格与价格调整',
    };
    const apply = (token: string, body: Record<string, unknown>) =>
      t.json(token, 'POST', `${EDIT}/add`, { ...proposal, ...body });
    expect((await apply(clerk, {})).status).toBe(401);

    const cases: [Record<string, unknown>, string][] = [
      [{ barcodes: ['12345'] }, '条码的取值不正确'],
      [{ barcodes: ['69123456789ab'] }, '条码的取值不正确'],
      [{ barcodes: ['1', '2', '3', '4', '5', '6'].map((d) => `690000000000${d}`) }, '条码最多 5 项'],
      [{ retailPrice: 0 }, '零售价必须大于 0'],
      [{ purchasePrice: 1.234 }, '请输入正确的金额，最多保留两位小数'],
      [{ shelfLifeDays: 0 }, '保质期(天)不能小于 1'],
      [{ categoryCode: '0101' }, '所选分类不存在或已停用'],
      [{ commodityCode: '999999' }, '商品不存在'],
      [{ status: 0 }, '不支持的字段：status'],
    ];
    for (const [body, msg] of cases) {
      const res = await apply(editor, body);
      expect({ body, status: res.status, msg: res.body.result.msg }).toEqual({ body, status: 400, msg });
    }

    const asked = await apply(editor, {
      name: '赣南脐橙（精品果）',
      barcodes: ['6901234567892', '12345670'],
      categoryCode: '010102',
      retailPrice: 15.8,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      status: 10,
      commodityName: current.name,
      categoryName: '水果 › 柑橘类 › 橘',
    });
    expect((await get(row!.code)).name).toBe(current.name);

    const hq = await t.login('hq001');
    const task = (await todoTask(t, hq, asked.body.data.applyCode))!;
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${task.id}`, {})).status).toBe(200);
    const after = await get(row!.code);
    expect(after).toMatchObject({
      code: '100010',
      name: '赣南脐橙（精品果）',
      spec: '约250g/个',
      barcodes: ['6901234567892', '12345670'],
      categoryCode: '010102',
      categoryName: '水果 › 柑橘类 › 橘',
      retailPrice: 15.8,
    });
    expect(after.updateTime).not.toBeNull();
    expect((await rows({ barcode: '12345670' })).map((r) => r.id)).toEqual([row!.id]);
  });

  it('creates a commodity only when its new-commodity application is approved', async () => {
    const NEW = '/api/v1/product/commodityNewApply';
    const hq = await t.login('hq001');
    const body = {
      code: '109001',
      name: '云南沃柑（试销）',
      spec: '约200g/个',
      unitName: 'kg',
      barcodes: ['6901234500017'],
      categoryCode: '010102',
      isWeight: true,
      shelfLifeDays: 15,
      temperatureZone: 1,
      taxRate: 9,
      purchasePrice: 6.5,
      retailPrice: 9.9,
      reason: '新品试销',
    };
    // An administrator's own application passes his step: the commodity exists at once.
    const made = await t.json(hq, 'POST', `${NEW}/add`, body);
    expect(made.status).toBe(200);
    expect(made.body.data.status).toBe(20);
    expect((await rows({ keyword: '109001' }))[0]).toMatchObject({
      name: '云南沃柑（试销）',
      status: 1,
      purchaseEnabled: true,
      categoryName: '水果 › 柑橘类 › 橘',
    });
    // The same code again: refused when it would create the commodity, nothing half-written.
    const again = await t.json(hq, 'POST', `${NEW}/add`, { ...body, name: '重复' });
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toBe('商品编码已存在');
    expect(
      (await t.json(hq, 'POST', `${NEW}/findByPage`, { pageNo: 1, pageSize: 20, keyword: '重复' })).body.data
        .total,
    ).toBe(0);
  });

  it('changes state only through approved applications, each kind under its own code', async () => {
    const APPLY = '/api/v1/product/commodityStateApply';
    const [row] = await rows({ keyword: '100020' });
    expect(row!.status).toBe(1);
    // No direct transition of the commodity any more.
    expect((await t.json(editor, 'POST', `${BASE}/disable/${row!.id}`)).status).toBe(404);
    const apply = (token: string, applyAction: number) =>
      t.json(token, 'POST', `${APPLY}/add`, {
        commodityCode: row!.code,
        applyAction,
        reason: '季节下市',
      });
    // Holding the disable code does not allow asking for the purchasing switch.
    expect((await apply(clerk, 2)).status).toBe(401);
    expect((await apply(editor, 4)).status).toBe(401);
    const asked = await apply(editor, 2);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 10, commodityName: row!.name });
    expect((await get(row!.code)).status).toBe(1);
    // Headquarters approves in the approval centre; the approval's last step writes the commodity.
    const hq = await t.login('hq001');
    const task = (await todoTask(t, hq, asked.body.data.applyCode))!;
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${task.id}`, {})).status).toBe(200);
    expect((await get(row!.code)).status).toBe(0);
    expect((await rows({ status: 0 })).some((r) => r.id === row!.id)).toBe(true);
    // An administrator's own application passes his step: closed to purchasing at once.
    const own = await t.json(hq, 'POST', `${APPLY}/add`, {
      commodityCode: row!.code,
      applyAction: 4,
      reason: '停采',
    });
    expect(own.body.data.status).toBe(20);
    expect((await rows({ keyword: row!.code }))[0]).toMatchObject({ purchaseEnabled: false });
    // The approved application cannot be withdrawn or approved again.
    expect((await t.json(hq, 'POST', `${APPLY}/withdraw/${own.body.data.id}`)).status).toBe(409);
  });
});
