import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Issue 8 point 4 and 12.10: the schema lint checks print actions like the others, with the file and JSON path.
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
        'schemas/pages/dacang/receiveOrderList.json#/batchActions/0/type: "receive" prints one row (no source.selection): a row action only',
        'schemas/pages/dacang/receiveOrderList.json#/toolbar/0/type: "print" is not allowed among toolbar actions',
        // What the button gathers is the print file's (12.10): checked there, against the resource.
        'schemas/prints/receive.json#/source/gather: resource "receiveOrder" has no get endpoint to read the row by',
        'schemas/prints/replenishment.json#/source/by: resource "replenishment" has no filter "replenishmentCode" to gather the rows by',
        'schemas/prints/replenishment.json#/source/lines/map/realName: "realName" is not a field of resource "replenishment"',
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
