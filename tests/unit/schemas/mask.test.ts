import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { maskCardNo, maskIdCard, maskName, maskPhone, maskRow, maskValue } from '../../../src/schema/mask';
import type { ResourceDef } from '../../../src/schema/types';
import { schemasCopy } from './copy';

// Masked personal data (docs/schemas.md, "Masked personal data"): one rule per kind, and the lint
// keeps the full value from leaking through an edit form, a substring search or another resource.
describe('masking rules', () => {
  it('masks each kind and leaves blanks blank', () => {
    expect(maskPhone('13800000005')).toBe('138****0005');
    expect(maskPhone('0571888')).toBe('****');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('王')).toBe('*');
    expect(maskIdCard('330106199001011234')).toBe('330***********1234');
    expect(maskCardNo('8800123456789012')).toBe('8800********9012');
    expect(maskCardNo('123456')).toBe('**3456');
    expect(maskValue('phone', null)).toBeNull();
    expect(maskValue('name', '')).toBe('');
  });

  it('masks a row and its lines, other fields untouched', () => {
    const r = {
      fields: { id: { type: 'integer' }, phone: { type: 'string', 'x-mask': 'phone' } },
      children: {
        itemList: { fields: { holder: { type: 'string', 'x-mask': 'name' }, qty: { type: 'number' } } },
      },
    } as unknown as ResourceDef;
    const row = { id: 1, phone: '13712345678', itemList: [{ holder: '林晓', qty: 2 }] };
    expect(maskRow(r, row)).toEqual({ id: 1, phone: '137****5678', itemList: [{ holder: '林*', qty: 2 }] });
    expect(row.phone).toBe('13712345678');
  });
});

describe('schema lint of masked fields', () => {
  const FILE = 'schemas/resources/member.json';

  it('passes the member resource as written', async () => {
    const problems = await lintSchemas(schemasCopy(), { server: false, database: false });
    expect(problems.filter((p) => p.file === FILE)).toEqual([]);
  });

  it('refuses an editable masked field, a substring search, a number and a stray permission', async () => {
    const dir = schemasCopy({
      'resources/member.json': (r) => {
        delete r.fields.phone['x-immutable'];
        r.fields.remark['x-mask'] = 'name';
        r.fields.points['x-mask'] = 'cardNo';
        r.filters.keyword.fields = ['memberCode', 'phone'];
      },
      'resources/supplier.json': (r) => {
        r.unmaskPermission = 'member:unmask';
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (file: string, path: string) =>
      problems.filter((p) => p.file === file && p.path === path).map((p) => p.message);
    expect(at(FILE, '/fields/phone/x-mask')).toEqual([
      'a masked field must be readOnly or x-immutable (an edit form would send the mask back)',
    ]);
    expect(at(FILE, '/fields/remark/x-mask')).toHaveLength(1);
    expect(at(FILE, '/fields/points/x-mask')).toEqual(['only string fields can be masked']);
    expect(at(FILE, '/filters/keyword/op')).toEqual(['"phone" is masked: search it with eq, not contains']);
    expect(at('schemas/resources/supplier.json', '/unmaskPermission')).toEqual([
      'no field of this resource has x-mask',
    ]);
  });
});
