import { describe, expect, it } from 'vitest';
import platformOrderPage from '@schemas/pages/admin/platformOrderList.json';
import platformOrder from '@schemas/resources/platformOrder.json';
import { importKey, importNameProblems, importProblems, resolveImport } from '@/schema/imports';
import { buildPageModel } from '@/renderer/resolve';
import type { ImportDef } from '@/generated/schema-files';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';

const r = platformOrder as unknown as ResourceDef;

// A platform's export has its own column titles (issue 17.3): `headers` maps them to fields, and one
// page holds one named import per platform (docs/schemas.md "Imports").
describe('import layouts', () => {
  it('the file and the template name a column by its alias, else by the field title', () => {
    const def = {
      name: 'meituan',
      columns: ['platformOrderNo', 'goodsAmount', 'remark'],
      headers: { platformOrderNo: '订单编号', goodsAmount: '商品总价' },
    } as ImportDef;
    expect(importProblems(r as never, def)).toEqual([]);
    expect(resolveImport(r as never, def)).toMatchObject({
      name: 'meituan',
      columns: [
        { field: 'platformOrderNo', title: '订单编号' },
        { field: 'goodsAmount', title: '商品总价' },
        { field: 'remark', title: '备注' },
      ],
    });
    expect(importKey('admin', 'platformOrderList', 'meituan')).toBe('admin/platformOrderList:meituan');
    expect(importKey('admin', 'memberList')).toBe('admin/memberList');
  });

  it('refuses an alias of no column and two columns the aliases make alike', () => {
    expect(
      importProblems(
        r as never,
        {
          columns: ['platformOrderNo', 'remark'],
          headers: { goodsAmount: '商品总价', platformOrderNo: '备注' },
        } as ImportDef,
      ),
    ).toEqual([
      'headers: "goodsAmount" is not one of the columns',
      'two columns share a title: the file could not tell them apart',
    ]);
  });

  it('several imports on a page need distinct names', () => {
    const a = { columns: ['remark'] } as ImportDef;
    expect(importNameProblems([a])).toEqual([]);
    expect(importNameProblems([a, { ...a, name: 'x' }])).toEqual([
      'a page with several imports names each (import.name)',
    ]);
    expect(
      importNameProblems([
        { ...a, name: 'x' },
        { ...a, name: 'x' },
      ]),
    ).toEqual(['two imports of the page share a name']);
  });

  it('the platform orders page: one import per platform and the feed call, all resolved', () => {
    const model = buildPageModel(
      platformOrderPage as unknown as PageDef,
      r,
      'pages/admin/platformOrderList.json',
    );
    expect(model.problems).toEqual([]);
    const imports = model.toolbar.filter((a) => a.type === 'import');
    expect(imports.map((a) => [a.title, a.import?.name, a.import?.columns[0]?.title])).toEqual([
      ['导入美团订单', 'meituan', '订单编号'],
      ['导入饿了么订单', 'eleme', '订单号'],
      ['导入京东到家订单', 'jddj', '到家订单号'],
    ]);
    expect(imports.map((a) => a.import?.values)).toEqual([
      { platform: 1, source: 1 },
      { platform: 2, source: 1 },
      { platform: 3, source: 1 },
    ]);
    const call = model.toolbar.find((a) => a.type === 'call')!;
    expect(call).toMatchObject({
      title: '同步平台订单',
      permission: ['platformOrder:sync'],
      call: { method: 'POST', path: '/api/v1/platform/order/sync' },
    });
  });
});
