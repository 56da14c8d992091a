import { describe, expect, it } from 'vitest';
import pickOrderPage from '@schemas/pages/dacang/pickOrderList.json';
import userPage from '@schemas/pages/admin/userList.json';
import pickOrder from '@schemas/resources/pickOrder.json';
import tender from '@schemas/resources/tender.json';
import tenderPage from '@schemas/pages/admin/tenderList.json';
import user from '@schemas/resources/user.json';
import { allowedInState } from '@/schema/resolve/actions';
import { buildPageModel } from '@/renderer/resolve';
import { heldPermissions, holds } from '@/renderer/permissions';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';

const PICK_FILE = 'schemas/pages/dacang/pickOrderList.json';
const pick = () => buildPageModel(pickOrderPage as PageDef, pickOrder as ResourceDef, PICK_FILE);

describe('a page model: the page file read with its resource', () => {
  it('fills titles and enums from the resource and numeric widths for the virtual table', () => {
    const m = pick();
    expect(m.problems).toEqual([]);
    const status = m.columns.find((c) => c.field === 'status')!;
    expect(status).toMatchObject({ title: '状态', enum: 'pickOrderStatus', valueType: 'enum' });
    expect(m.columns.every((c) => typeof c.width === 'number')).toBe(true);
    expect(m.rowKey).toBe('id');
    expect(m.listPermission).toEqual(['/dacang/distribution/pickOrderList']);
  });

  it('builds the search form from the resource filters', () => {
    const byKey = Object.fromEntries(pick().search.map((s) => [s.key, s]));
    expect(byKey.pickOrderCode).toMatchObject({ title: '拣货单号', component: 'Input', kind: 'text' });
    expect(byKey.status).toMatchObject({ component: 'Select', multiple: true, enumName: 'pickOrderStatus' });
    expect(byKey.createTime).toMatchObject({ component: 'DateRangePicker', kind: 'range-text' });
  });

  it('resolves actions: titles and permission codes from the transitions', () => {
    const m = pick();
    const titles = m.rowActions.map((a) => [a.title, a.permission]);
    expect(titles).toEqual([
      ['详情', ['/dacang/distribution/pickOrderList']],
      ['分配拣货员', ['pickOrder:assign']],
      ['开始拣货', ['pickOrder:start']],
      ['录入实拣', ['pickOrder:start']],
      ['按应拣填实拣', ['pickOrder:start']],
      ['完成拣货', ['pickOrder:finish']],
      ['打印', ['pickOrder:print']],
      ['打印拣货清单', ['pickOrder:print']],
      ['取消', ['pickOrder:cancel']],
    ]);
    expect(m.rowActions.filter((a) => a.type === 'print').map((a) => [a.key, a.print])).toEqual([
      ['print:pickPC', 'pickPC'],
      ['print:unPickOrder', 'unPickOrder'],
    ]);
    expect(m.batchActions.map((a) => a.title)).toEqual(['自动分配', '批量完成', '批量取消']);
    const cancel = m.rowActions.find((a) => a.transition?.name === 'cancelPickOrder')!;
    expect(cancel).toMatchObject({ danger: true, confirm: '取消后拣货单不可恢复，确定取消吗？' });
  });

  it("offers a transition only in the row's states", () => {
    const m = pick();
    const finish = m.rowActions.find((a) => a.transition?.name === 'finishPickOrder')!;
    const r = pickOrder as ResourceDef;
    expect(allowedInState(finish, { status: 20 }, r)).toBe(true);
    expect(allowedInState(finish, { status: 30 }, r)).toBe(true);
    expect(allowedInState(finish, { status: 40 }, r)).toBe(false);
    expect(allowedInState(finish, { status: 0 }, r)).toBe(false);
  });

  it('offers a row action only in its own states (招标: 编辑, 录入投标 and 评标 each in theirs)', () => {
    const r = tender as unknown as ResourceDef;
    const m = buildPageModel(tenderPage as unknown as PageDef, r, 'schemas/pages/admin/tenderList.json');
    expect(m.problems).toEqual([]);
    const offered = (status: number) =>
      m.rowActions.filter((a) => a.type === 'edit' && allowedInState(a, { status }, r)).map((a) => a.title);
    expect(offered(0)).toEqual(['编辑']);
    expect(offered(1)).toEqual(['录入投标']);
    expect(offered(2)).toEqual(['评标']);
    expect(offered(4)).toEqual(['编辑']);
    expect(offered(3)).toEqual([]);
  });

  it('defaults the user list to 10 rows and its actions to the endpoint permissions', () => {
    const m = buildPageModel(userPage as PageDef, user as ResourceDef, 'schemas/pages/admin/userList.json');
    expect(m.problems).toEqual([]);
    expect(m.url.defaults.pageSize).toBe(10);
    const perms = Object.fromEntries(
      m.rowActions.map((a) => [a.type === 'transition' ? a.transition!.name : a.type, a.permission]),
    );
    expect(perms).toMatchObject({
      edit: ['user:edit'],
      delete: ['user:delete'],
      relation: ['user:assignRole'],
      disable: ['user:status'],
    });
    expect(m.toolbar.map((a) => [a.title, a.permission])).toEqual([['新增用户', ['user:add']]]);
  });

  it('reports broken references with the file and JSON path instead of failing silently', () => {
    const broken = {
      ...(pickOrderPage as PageDef),
      search: [{ field: 'nope' }],
      columns: [
        { field: 'status', valueType: 'sparkline' },
        { field: 'ghost', valueType: 'text' },
      ],
      rowActions: [{ type: 'transition', transition: 'teleport' }],
    } as PageDef;
    const texts = buildPageModel(broken, pickOrder as ResourceDef, PICK_FILE).problems.map((p) => p.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        `配置错误：${PICK_FILE} /search/0 的查询条件“nope”不是资源的筛选字段`,
        `配置错误：${PICK_FILE} /columns/0 中的列类型 valueType“sparkline”未注册`,
        `配置错误：${PICK_FILE} /columns/1 的字段“ghost”在资源中不存在`,
        `配置错误：${PICK_FILE} /rowActions/0 的状态流转“teleport”在资源中不存在`,
      ]),
    );
  });
});

describe('permission gating', () => {
  const profile = {
    employeeNumber: 'E1',
    realName: '测试',
    userId: 9,
    systemId: 300,
    permissions: [{ id: 1, parentId: null, name: '拣货单', uri: '/dacang/distribution/pickOrderList' }],
    powerControl: [{ code: 'pickOrder:finish' }],
  };

  it('holds page uris and powerControl codes; a list means any one', () => {
    const held = heldPermissions(profile);
    expect(holds(held, '/dacang/distribution/pickOrderList')).toBe(true);
    expect(holds(held, 'pickOrder:finish')).toBe(true);
    expect(holds(held, 'pickOrder:cancel')).toBe(false);
    expect(holds(held, ['pickOrder:cancel', 'pickOrder:finish'])).toBe(true);
    expect(holds(held, [])).toBe(true);
    expect(holds(heldPermissions(undefined), 'pickOrder:finish')).toBe(false);
  });
});
