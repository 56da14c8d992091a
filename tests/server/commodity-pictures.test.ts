import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { png, upload } from './auth-helpers';
import { todoTask, userWith } from './resource-helpers';

const COMMODITY = '/api/v1/product/commodity';
const NEW = '/api/v1/product/commodityNewApply';
const EDIT = '/api/v1/product/commodityEditApply';

type Row = Record<string, unknown>;

// Issue 15.2/15.3: a commodity's pictures come through its applications. The new-commodity and edit
// applications take pictures uploaded through the image upload (SPEC 7.5, model type
// COMMODITY_PICTURE, at most 5, only this server's uploads), and the approval copies them onto the
// commodity, whose detail then answers them.
describe('commodity pictures', () => {
  let t: TestApp;
  let dataDir: string;
  let hq: string;
  let editor: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commodity-pictures-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    hq = await t.login('hq001');
    editor = await userWith(t, 'e00062', [
      '/admin/product/commodityList',
      '/admin/product/commodityEditApplyList',
      'commodityApply:edit',
    ]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A real PNG through the signed upload of the form's widget: its visit URL. */
  const picture = async (token: string, size: number) => {
    const res = await upload(
      t,
      token,
      { name: `p${size}.png`, data: png(size, size) },
      { bucket: 'xs', modelType: 'COMMODITY_PICTURE' },
    );
    expect(res.body.result.success).toBe(true);
    const url = res.body.data.visitUrl as string;
    expect(url).toMatch(/^\/uploads\/xs\/commodity_picture\/\d{6}\/[0-9a-f]{32}\.png$/);
    return url;
  };
  /** The commodity's detail, as its detail drawer reads it (SPEC 7.9 getDetailByCode). */
  const commodityByCode = async (code: string) =>
    (await t.json(hq, 'POST', `${COMMODITY}/getDetailByCode/${code}`, {})).body.data as Row;

  it('a new commodity takes its application’s pictures when the application is approved', async () => {
    const pictures = [await picture(hq, 40), await picture(hq, 41)];
    const body = {
      code: '109101',
      name: '丑橘（带图试销）',
      spec: '约300g/个',
      unitName: '斤',
      barcodes: ['6901234500024'],
      pictures,
      categoryCode: '010102',
      isWeight: true,
      shelfLifeDays: 15,
      temperatureZone: 1,
      taxRate: 9,
      purchasePrice: 6.5,
      retailPrice: 9.9,
      reason: '新品试销',
    };
    // Only this server's uploads, at most five.
    const outside = await t.json(hq, 'POST', `${NEW}/add`, {
      ...body,
      pictures: ['https://example.com/a.jpg'],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.result.msg).toContain('商品图片');
    const six = await t.json(hq, 'POST', `${NEW}/add`, {
      ...body,
      pictures: Array(6).fill(pictures[0]),
    });
    expect(six.status).toBe(400);
    expect(six.body.result.msg).toBe('商品图片最多 5 项');

    // hq001's own application passes his approval step at once: the commodity exists with them.
    const made = await t.json(hq, 'POST', `${NEW}/add`, body);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ status: 20, pictures });
    expect((await commodityByCode('109101')).pictures).toEqual(pictures);
    // The pictures are served back, as the detail's thumbnails load them.
    const served = await t.app.inject({ method: 'GET', url: pictures[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('an edit application changes the pictures only once headquarters approves it', async () => {
    const before = await commodityByCode('100011');
    const pictures = [await picture(editor, 42)];
    const asked = await t.json(editor, 'POST', `${EDIT}/add`, {
      commodityCode: before.code,
      name: before.name,
      spec: before.spec,
      unitName: before.unitName,
      barcodes: before.barcodes,
      pictures,
      categoryCode: before.categoryCode,
      isWeight: before.isWeight,
      shelfLifeDays: before.shelfLifeDays,
      temperatureZone: before.temperatureZone,
      taxRate: before.taxRate,
      purchasePrice: before.purchasePrice,
      retailPrice: before.retailPrice,
      reason: '补充商品图片',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 10, pictures });
    expect((await commodityByCode('100011')).pictures).toEqual(before.pictures);

    const task = (await todoTask(t, hq, asked.body.data.applyCode))!;
    expect((await t.json(hq, 'POST', `/api/v1/approval/task/approve/${task.id}`, {})).status).toBe(200);
    const after = await commodityByCode('100011');
    expect(after.pictures).toEqual(pictures);
    expect(after.updateTime).not.toBeNull();
  });
});
