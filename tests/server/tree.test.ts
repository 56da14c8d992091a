import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const BASE = '/api/v1/product/category';

// A resource whose rows form a tree (resource.tree): levels and paths kept by the server, the depth
// limit, no parent below the row itself, no delete of a row with children or one still referred to.
describe('tree resources (commodity categories)', () => {
  let t: TestApp;
  let hq: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>) =>
    t.json(hq, 'POST', `${BASE}/findByPage`, { pageNo: 1, pageSize: 500, ...body });
  const byCode = async (code: string) => {
    const res = await list({ keyword: code });
    return (res.body.data.list as Record<string, unknown>[]).find((r) => r.code === code)!;
  };

  it('seeds three levels with their levels and paths', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    const rows = res.body.data.list as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(90);
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set([1, 2, 3]));
    expect(rows.find((r) => r.code === '010101')).toMatchObject({
      name: '橙',
      level: 3,
      pathName: '水果 › 柑橘类 › 橙',
      parentCode: '0101',
    });
    const all = await t.json(hq, 'GET', `${BASE}/tree`);
    expect(all.body.data.list).toHaveLength(rows.length);
  });

  it('places a new row below its parent and refuses a fourth level', async () => {
    const made = await t.json(hq, 'POST', `${BASE}/add`, {
      code: '010105',
      name: '金桔',
      parentCode: '0101',
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ level: 3, pathName: '水果 › 柑橘类 › 金桔' });
    const deep = await t.json(hq, 'POST', `${BASE}/add`, {
      code: '01010501',
      name: '小金桔',
      parentCode: '010105',
    });
    expect(deep.status).toBe(400);
    expect(deep.body.result.msg).toBe('商品分类最多3级');
    const orphan = await t.json(hq, 'POST', `${BASE}/add`, {
      code: '0999',
      name: '无主',
      parentCode: '0998',
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.result.msg).toBe('上级分类不存在');
  });

  it('renames the paths below a renamed row, in the same write', async () => {
    const row = await byCode('0102');
    const res = await t.json(hq, 'POST', `${BASE}/update`, { id: row.id, name: '苹果梨类' });
    expect(res.status).toBe(200);
    expect((await byCode('010201')).pathName).toBe('水果 › 苹果梨类 › 苹果');
  });

  it('refuses a parent below the row itself and a move that would go too deep', async () => {
    const top = await byCode('01');
    const cycle = await t.json(hq, 'POST', `${BASE}/update`, { id: top.id, parentCode: '0101' });
    expect(cycle.status).toBe(400);
    expect(cycle.body.result.msg).toBe('上级商品分类不能是它自己或它的下级');
    // 蔬菜 (with two levels below) under 水果 › 柑橘类 would reach level 4: refused, nothing moved.
    const veg = await byCode('02');
    const tooDeep = await t.json(hq, 'POST', `${BASE}/update`, { id: veg.id, parentCode: '0101' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.result.msg).toBe('商品分类最多3级');
    expect(await byCode('0201')).toMatchObject({ level: 2, pathName: '蔬菜 › 叶菜类' });
  });

  it('refuses to delete a row with children; deletes a leaf', async () => {
    const parent = await byCode('0101');
    const refused = await t.json(hq, 'POST', `${BASE}/delete/${String(parent.id)}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toBe('请先删除下级商品分类');
    const leaf = await byCode('010105');
    expect((await t.json(hq, 'POST', `${BASE}/delete/${String(leaf.id)}`)).status).toBe(200);
  });

  it('needs the page to read and the button code to write', async () => {
    const reader = await userWith(t, 'e00041', ['/admin/product/categoryList']);
    expect((await t.json(reader, 'POST', `${BASE}/findByPage`, { pageNo: 1, pageSize: 20 })).status).toBe(
      200,
    );
    const add = await t.json(reader, 'POST', `${BASE}/add`, { code: '0998', name: '测试' });
    expect(add.status).toBe(401);
  });
});
