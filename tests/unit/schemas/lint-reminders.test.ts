import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { loadCatalog, SchemaError } from '../../../src/schema/node/load';
import { schemasCopy } from './copy';

const FILE = 'schemas/resources/supplier.json';

// Issue 15.5: a resource's reminders name a child, a date field, placeholders and a permission that
// all exist; the lint names each broken one, the server refuses to start on it.
describe('schema lint of reminders', () => {
  it('passes the supplier reminder as written', async () => {
    const problems = await lintSchemas(schemasCopy(), { server: false, database: false });
    expect(problems.filter((p) => p.file === FILE)).toEqual([]);
  });

  it('names each broken reference with its JSON path', async () => {
    const dir = schemasCopy({
      'resources/supplier.json': (r) => {
        const m = r.reminders[0];
        r.reminders.push({ ...m, child: 'qualifications' });
        r.reminders.push({ ...m, name: 'byRemark', dateField: 'certificateNo' });
        r.reminders.push({
          ...m,
          name: 'header',
          child: undefined,
          dateField: 'createTime',
          identity: ['certificateNo'],
        });
        m.text = '{name}的{qualificationKind}将于{expiryDate}到期，还剩{daysLeft}天';
        m.title = '{supplierName}资质到期';
        m.identity = ['certificateNo', 'fileName'];
        m.where = { state: 1 };
        m.to = { permission: 'supplier:remind', org: 'row' };
        m.link = '/admin/product/suppliers';
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (path: string) =>
      problems.filter((p) => p.file === FILE && p.path === path).map((p) => p.message);
    expect(at('/reminders/0/text')).toEqual([
      'unknown placeholder {qualificationKind}: no readable field of child "qualificationList" or resource "supplier"',
    ]);
    expect(at('/reminders/0/title')).toEqual([
      'unknown placeholder {supplierName}: no readable field of child "qualificationList" or resource "supplier"',
    ]);
    expect(at('/reminders/0/identity/1')).toEqual([
      'child "qualificationList" has no readable field "fileName"',
    ]);
    expect(at('/reminders/0/where/state')).toEqual(['resource "supplier" has no field "state"']);
    expect(at('/reminders/0/to/org')).toEqual([
      'resource "supplier" has no store or warehouse scope (endpoints.list.storeScope, warehouseScope): use headquarters',
    ]);
    expect(at('/reminders/0/to/permission')).toEqual([
      'unknown permission "supplier:remind" (not in schemas/menu)',
    ]);
    expect(at('/reminders/0/link')).toEqual(['unknown page "/admin/product/suppliers"']);
    expect(at('/reminders/1/name')).toEqual(['duplicate reminder "qualificationExpiry"']);
    expect(at('/reminders/1/child')).toEqual(['resource "supplier" has no child "qualifications"']);
    expect(at('/reminders/2/dateField')).toEqual([
      '"certificateNo" is no date field (format date) of child "qualificationList"',
    ]);
    expect(at('/reminders/3/dateField')).toEqual([
      '"createTime" is no date field (format date) of resource "supplier"',
    ]);
    expect(at('/reminders/3/identity')).toEqual(['identity names line fields: it needs a child']);
  });

  it('the server refuses to start on a broken reminder', () => {
    const dir = schemasCopy({
      'resources/supplier.json': (r) => (r.reminders[0].dateField = 'expiry'),
    });
    expect(() => loadCatalog(dir)).toThrow(SchemaError);
    expect(() => loadCatalog(dir)).toThrow(/supplier\.json#\/reminders\/0\/dateField/);
  });
});
