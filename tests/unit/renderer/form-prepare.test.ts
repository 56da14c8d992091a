import { createForm } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import transferApplyCreate from '@schemas/forms/transferApplyCreate.json';
import userCreate from '@schemas/forms/userCreate.json';
import pickOrder from '@schemas/resources/pickOrder.json';
import transferApply from '@schemas/resources/transferApply.json';
import tender from '@schemas/resources/tender.json';
import user from '@schemas/resources/user.json';
import { autoForm, prepareForm } from '@/renderer/resolve';
import { registerNamedValidators } from '@/renderer/form/validators';
import { formValuesToBody, rowToFormValues } from '@/renderer/form/values';
import type { FormDef, ResourceDef } from '@/renderer/schema-types';

type Node = ISchema & { properties?: Record<string, Node>; items?: Node };
const props = (s: ISchema) => s.properties as Record<string, Node>;

/** Validates one value against a prepared field's rules, as the rendered form would. */
async function errors(node: Node, value: unknown): Promise<string[]> {
  const form = createForm();
  const field = form.createField({
    name: 'v',
    validator: node['x-validator'] as never,
    required: !!node.required,
  });
  field.setValue(value);
  await field.validate().catch(() => undefined);
  return field.selfErrors;
}

describe('forms inherit from the resource what the file leaves out', () => {
  beforeAll(() => registerNamedValidators());
  const prepared = prepareForm(userCreate as FormDef, user as ResourceDef, 'schemas/forms/userCreate.json');
  const p = props(prepared.schema);

  it('titles, required flags and components', () => {
    expect(p.account).toMatchObject({
      title: '账号',
      required: true,
      'x-decorator': 'FormItem',
      'x-component': 'Input',
    });
    expect(p.phone).toMatchObject({ title: '手机号', 'x-component': 'Input' });
    expect(p.phone!.required).toBeUndefined();
    expect(prepared.fields).toEqual([
      'account',
      'password',
      'realName',
      'phone',
      'email',
      'orgId',
      'positionName',
      'employeeTypeName',
      'city',
    ]);
    expect(prepared.secrets).toEqual(['password']);
    expect(prepared.unknown).toEqual([]);
  });

  it("the server's Chinese messages, rule by rule", async () => {
    expect(await errors(p.account!, '')).toEqual(['请输入账号']);
    expect(await errors(p.account!, 'abcdefghijkl')).toEqual(['长度在 1 到 11 个字符']);
    expect(await errors(p.account!, 'a b')).toEqual(['账号只能包含字母、数字和下划线']);
    expect(await errors(p.account!, 'hq_002')).toEqual([]);
    expect(await errors(p.phone!, '2380000000')).toEqual(['请输入正确的手机号']);
    expect(await errors(p.phone!, '')).toEqual([]);
    expect(await errors(p.email!, 'x@')).toEqual(['请输入正确的邮箱']);
  });

  it('a password field checks length and kinds before it is encrypted', async () => {
    expect(p.password).toMatchObject({ 'x-component': 'Password', required: true });
    expect(await errors(p.password!, '')).toEqual(['请输入初始密码']);
    expect(await errors(p.password!, 'abc')).toEqual(['长度在 8 到 16 个字符']);
    expect(await errors(p.password!, 'abcdefgh')).toEqual([
      '密码须为数字、字母和特殊字符 {}~!@#$%^&*_-. 中的至少两种',
    ]);
    expect(await errors(p.password!, 'Fresh#2026')).toEqual([]);
  });

  it('child lines become an ArrayTable with columns, row numbers and a remove button', async () => {
    const t = prepareForm(
      transferApplyCreate as FormDef,
      transferApply as ResourceDef,
      'schemas/forms/transferApplyCreate.json',
    );
    const items = props(t.schema).itemList!;
    expect(items).toMatchObject({
      type: 'array',
      title: '调拨商品',
      'x-component': 'ArrayTable',
      required: true,
    });
    expect(await errors(items, [])).toEqual(['请添加调拨商品']);
    const columns = props(items.items!);
    const names = Object.keys(columns);
    expect(names[0]).toBe('__index');
    expect(names.at(-1)).toBe('__operations');
    const qtyColumn = columns.__col_expectQuantity!;
    expect(qtyColumn).toMatchObject({
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: '申请数量' },
    });
    const qty = props(qtyColumn).expectQuantity!;
    // The header names the column; cells carry no label of their own.
    expect(qty.title).toBeUndefined();
    expect(await errors(qty, 1.2345)).toEqual(['请输入正确的数量，最多保留三位小数']);
    expect(await errors(qty, 0)).toEqual(['申请数量必须大于0']);
    expect(await errors(qty, undefined)).toEqual(['请输入申请数量']);
    expect(t.unknown).toEqual([]);
  });

  it('a transition with input and no form file gets one from the resource', async () => {
    const r = pickOrder as ResourceDef;
    const t = r.states!.transitions.find((x) => x.name === 'assignPicker')!;
    const auto = prepareForm(autoForm(r, 'transition', t), r, 'schemas/pages/dacang/pickOrderList.json');
    expect(auto.title).toBe('分配拣货员');
    // A picker bound to the order's zone, chosen by reference (issue 16.3), not a typed name.
    expect(auto.fields).toEqual(['pickerId']);
    expect(await errors(props(auto.schema).pickerId!, undefined)).toEqual(['请选择拣货员']);
  });

  it('an update form leaves out read-only, immutable and secret fields', () => {
    const auto = prepareForm(autoForm(user as ResourceDef, 'update'), user as ResourceDef, 'x');
    expect(auto.fields).not.toContain('account');
    expect(auto.fields).not.toContain('password');
    expect(auto.fields).not.toContain('status');
    expect(auto.fields).toContain('realName');
  });
});

describe('form values', () => {
  it('send what was typed: empty inputs left out on create, nulls clear nullable fields on update', () => {
    const r = user as ResourceDef;
    expect(formValuesToBody({ realName: '张三', phone: '', city: undefined }, r, 'create')).toEqual({
      realName: '张三',
    });
    expect(formValuesToBody({ realName: '张三', phone: '' }, r, 'update')).toEqual({
      realName: '张三',
      phone: null,
    });
  });

  it("send a child line's own fields only (ArrayTable adds bookkeeping keys)", () => {
    const r = transferApply as ResourceDef;
    const body = formValuesToBody(
      {
        companyName: 'A',
        itemList: [{ __DO_NOT_USE_THIS_PROPERTY_index__: 0, commodityCode: '1', commoditySpec: '' }],
      },
      r,
      'create',
    );
    expect(body).toEqual({ companyName: 'A', itemList: [{ commodityCode: '1' }] });
  });

  it("send back an edited line's writable fields only, not its id and line number", () => {
    const r = tender as ResourceDef;
    const loaded = { id: 77, lineNo: 1, supplierId: 3, supplierName: '甲', commodityCode: '100099' };
    const body = formValuesToBody(
      { id: 10, bidList: [{ ...loaded, price: 16.8, capacity: 300, winning: true }] },
      r,
      'update',
    );
    expect(body.bidList).toEqual([
      { supplierId: 3, commodityCode: '100099', price: 16.8, capacity: 300, winning: true },
    ]);
  });

  it('load a row into a form as China-time text, its fields only', () => {
    const r = transferApply as ResourceDef;
    const row = {
      id: 1,
      status: 10,
      deadlineOutTime: '2026-03-01T02:30:00.000Z',
      remark: null,
      produceDate: '2026-03-01',
    };
    expect(rowToFormValues(row, r, ['deadlineOutTime', 'remark', 'produceDate'])).toEqual({
      deadlineOutTime: '2026-03-01 10:30:00',
      remark: undefined,
      produceDate: '2026-03-01',
    });
  });
});
