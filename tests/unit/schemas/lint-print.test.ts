import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Issue 8 point 4: the schema lint checks print actions like the others, with the file and JSON path.
describe('schema lint of print actions', () => {
  it('needs a permission, a batch-capable document, the fields and filter the sheet reads', async () => {
    const dir = schemasCopy({
      'pages/dacang/receiveOrderList.json': (p) => {
        delete p.rowActions[1].permission;
        p.batchActions = [{ type: 'print', print: 'receive', permission: 'receive:print' }];
        p.toolbar = [{ type: 'print', print: 'receive', permission: 'receive:print' }];
      },
      'resources/replenishment.json': (r) => {
        delete r.fields.realName;
        delete r.filters.realName;
        delete r.filters.replenishmentCode;
      },
      'resources/receiveOrder.json': (r) => delete r.endpoints.get,
    });
    const problems = (await lintSchemas(dir, { server: false })).map(
      (p) => `${p.file}#${p.path}: ${p.message}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/pages/dacang/receiveOrderList.json#/rowActions/1/permission: a print needs a permission',
        'schemas/pages/dacang/receiveOrderList.json#/batchActions/0/print: "receive" prints one row: not a batch action',
        'schemas/pages/dacang/receiveOrderList.json#/toolbar/0/type: "print" is not allowed among toolbar actions',
        'schemas/pages/dacang/receiveOrderList.json#/rowActions/1/print: "receive" needs the get endpoint of "receiveOrder"',
        'schemas/pages/dacang/replenishmentList.json#/rowActions/0/print: "replenishment" needs the filter "replenishmentCode" of resource "replenishment"',
        'schemas/pages/dacang/replenishmentList.json#/rowActions/0/print: "replenishment" needs field "realName" of resource "replenishment"',
      ]),
    );
  });

  it('refuses an unknown document by the meta-schema', async () => {
    const dir = schemasCopy({
      'pages/dacang/putawayList.json': (p) => (p.rowActions[0].print = 'putaway'),
    });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toEqual([
      expect.objectContaining({ file: 'schemas/pages/dacang/putawayList.json', path: '/rowActions/0/print' }),
    ]);
  });
});
