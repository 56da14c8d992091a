import { describe, expect, it } from 'vitest';
import printMeta from '@schemas/meta/print.schema.json';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Issue 12.10: the nine SPEC documents are print files; a wrong field, endpoint or source in one
// fails the lint naming the file and the JSON path.
const lint = async (edits: Parameters<typeof schemasCopy>[0]) =>
  (await lintSchemas(schemasCopy(edits), { server: false })).map((p) => `${p.file}#${p.path}: ${p.message}`);

describe('schema lint of print files', () => {
  it('names unknown fields of the document, the lines, templates and computed values', async () => {
    const problems = await lint({
      'prints/pickPC.json': (p) => {
        p.header[1].field = 'warehouseNam';
        p.header[0].template = '{storeName}（{storeCod}）';
        p.lines.columns[0].field = 'commodityCod';
        p.lines.order = ['lineNumber'];
        p.header[8].value = 'lines';
      },
      'prints/unupList.json': (p) => (p.lines.columns[7].fillWhen = { field: 'upStatus' }),
      'prints/obtainOrder.json': (p) => (p.lines.totals[2].from = 'totalAmount'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/prints/pickPC.json#/header/1/field: "warehouseNam" is neither a field of resource "pickOrder" nor in source.fields',
        'schemas/prints/pickPC.json#/header/0/template: placeholder {storeCod} is no field, computed value or {param}',
        'schemas/prints/pickPC.json#/lines/columns/0/field: "commodityCod" is not a field of the lines "itemList"',
        'schemas/prints/pickPC.json#/lines/order/0: "lineNumber" is not a field of the lines "itemList"',
        'schemas/prints/pickPC.json#/header/8/value: unknown computed value "lines" (values)',
        'schemas/prints/unupList.json#/lines/columns/7/fillWhen: a condition needs exactly one of eq, ne, in, empty',
        'schemas/prints/obtainOrder.json#/lines/totals/2/from: "totalAmount" is neither a field of resource "obtainOrder" nor in source.fields',
      ]),
    );
  });

  it('checks where the data come from: endpoints, lookups, storage', async () => {
    const problems = await lint({
      'prints/transfer.json': (p) => (p.source.endpoint.path = '/gateApi/storageAdmin/alloc/web/print'),
      'prints/undelivered.json': (p) => {
        p.source.each.fetch.key = 'body';
        delete p.source.each.fetch.name;
      },
      'prints/stockOut.json': (p) => (p.source.lookup = 'code'),
      'prints/receive.json': (p) => (p.source = { type: 'get' }),
      'prints/obtainOrder.json': (p) => (p.formats.price = 'enum:price'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/prints/transfer.json#/source/endpoint/path: key "path" needs exactly one :placeholder in "/gateApi/storageAdmin/alloc/web/print", found 0',
        'schemas/prints/undelivered.json#/source/each/fetch/key: a GET request has no body',
        'schemas/prints/undelivered.json#/source/each/fetch/name: key "body" needs the key\'s name',
        'schemas/prints/stockOut.json#/source/lookup: resource "stockOutOrder" has no filter "code" to look the row up by',
        'schemas/prints/receive.json#/header/0/field: "referOrder.purchaseCode" is neither a field of resource "receiveOrder" nor in source.fields',
        'schemas/prints/obtainOrder.json#/formats/price: unknown enum "price"',
      ]),
    );
  });

  it('the storage kinds of the meta-schema are those src/print/storage.ts knows', async () => {
    const { PRINT_KINDS } = await import('@/print/storage');
    expect([...printMeta.properties.source.properties.kind.enum].sort()).toEqual([...PRINT_KINDS].sort());
  });
});
