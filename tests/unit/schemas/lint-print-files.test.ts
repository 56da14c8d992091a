import { describe, expect, it } from 'vitest';
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
      'prints/obtainOrder.json': (p) => (p.lines.totals[2].from = 'totalAmountt'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/prints/pickPC.json#/header/1/field: "warehouseNam" is neither a field of resource "pickOrder" nor in source.fields',
        'schemas/prints/pickPC.json#/header/0/template: placeholder {storeCod} is no field, computed value or {param}',
        'schemas/prints/pickPC.json#/lines/columns/0/field: "commodityCod" is not a field of the lines "itemList"',
        'schemas/prints/pickPC.json#/lines/order/0: "lineNumber" is not a field of the lines "itemList"',
        'schemas/prints/pickPC.json#/header/8/value: unknown computed value "lines" (values)',
        'schemas/prints/unupList.json#/lines/columns/7/fillWhen: a condition needs exactly one of eq, ne, in, empty',
        'schemas/prints/obtainOrder.json#/lines/totals/2/from: "totalAmountt" is neither a field of resource "obtainOrder" nor in source.fields',
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

  it('checks what a list page hands over against the resource it reads (12.10)', async () => {
    const problems = await lint({
      'prints/receive.json': (p) => {
        p.source.map['referOrder.supplierName'] = 'supplier';
        p.source.lines.map.realQuantity = 'quantity';
        p.source.required.push('receiveDate');
        p.header.push({ title: '备注', field: 'remark' });
      },
      'prints/unupList.json': (p) => {
        p.source.by = 'plankCode';
        p.source.lines.map.shelf = 'shelfNo';
        p.lines.columns[0].field = 'commodity';
      },
      'prints/replenishment.json': (p) => {
        p.source.lines.from = 'rows';
        p.source.map = { codes: { list: 'replenishmentCod' } };
      },
      // A batch print needs a print file that prints a selection; a row print reads the row's key.
      'prints/purchaseOrder.json': (p) => (p.source = { type: 'get', by: 'orderCod' }),
      'pages/dacang/receiveOrderList.json': (p) => (p.batchActions = [{ ...p.rowActions[1] }]),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/prints/receive.json#/source/map/referOrder.supplierName: "supplier" is not a field of resource "receiveOrder"',
        'schemas/prints/receive.json#/source/lines/map/realQuantity: "quantity" is not a field of the lines "commodityList" of resource "receiveOrder"',
        'schemas/prints/receive.json#/source/required/4: "receiveDate" is not in source.map',
        'schemas/prints/receive.json#/header/7/field: "remark" is not a field the list page hands over (source.map)',
        'schemas/prints/unupList.json#/source/by: resource "putawayItem" has no filter "plankCode" to gather the rows by',
        'schemas/prints/unupList.json#/lines/columns/0/field: "commodity" is not a field of the lines "items" (source.lines.map)',
        'schemas/prints/replenishment.json#/source/lines/from: gathered rows are the lines themselves: no from',
        'schemas/prints/replenishment.json#/source/map/codes/list: "replenishmentCod" is not a field of resource "replenishment"',
        'schemas/prints/purchaseOrder.json#/source/by: "orderCod" is not a field of resource "purchaseOrder"',
        'schemas/pages/dacang/receiveOrderList.json#/batchActions/0/type: "receive" prints one row (no source.selection): a row action only',
      ]),
    );
  });

  it('a list page prints only a print file of its own resource', async () => {
    const problems = await lint({
      'pages/dacang/putawayList.json': (p) => (p.rowActions[0].print = 'replenishment'),
      'pages/dacang/receiveOrderList.json': (p) => (p.rowActions[1].print = 'receipt'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/pages/dacang/putawayList.json#/rowActions/0/print: "replenishment" prints resource "replenishment", not "putawayItem"',
        'schemas/pages/dacang/receiveOrderList.json#/rowActions/1/print: unknown print document "receipt" (not in schemas/prints)',
      ]),
    );
  });
});
