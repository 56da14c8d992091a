import { describe, expect, it } from 'vitest';
import type { FormDef } from '../../../src/generated/schema-files';
import { loadCatalog } from '../../../src/schema/node/load';
import { readSchemaFiles } from '../../../src/schema/node/files';
import { catalogContext } from '../../../src/schema/resolve/context';
import { resolveForm } from '../../../src/schema/resolve/form';
import { SCHEMAS } from './copy';

// Engine gap 2c: a line table without columns of its own shows, after a line's picker, the read-only
// fields the picker copies from the picked row (退供单: batch, shelf, expiry; 调价申请: store, old price),
// as text; the picked label itself is not repeated.
const catalog = loadCatalog(SCHEMAS);
const forms = readSchemaFiles(SCHEMAS).files.filter((f) => f.kind === 'form');

/** The line fields of a form's child table in column order, each with its x-pattern. */
function lineColumns(form: string, child: string): [string, unknown][] {
  const def = forms.find((f) => f.data.name === form)!.data as unknown as FormDef;
  const resolved = resolveForm(catalogContext(catalog), def, catalog.resources.get(def.resource)!, form);
  const table = (resolved.schema.properties as Record<string, { items: { properties: object } }>)[child]!;
  const out: [string, unknown][] = [];
  for (const column of Object.values(table.items.properties) as { properties?: object }[])
    for (const [name, node] of Object.entries(column.properties ?? {}))
      out.push([name, (node as { 'x-pattern'?: unknown })['x-pattern']]);
  return out;
}

describe('copied line fields in line tables', () => {
  it('退供单: the batch picker is followed by what it copies, read-only', () => {
    const cols = lineColumns('supplierReturnCreate', 'itemList');
    const names = cols.map(([n]) => n);
    expect(names.slice(0, names.indexOf('quantity'))).toEqual(
      expect.arrayContaining(['stockId', 'commodityCode', 'shelfCode', 'batchNo', 'expiryDate']),
    );
    expect(names).not.toContain('commodityName');
    expect(Object.fromEntries(cols).batchNo).toBe('readPretty');
    expect(Object.fromEntries(cols).quantity).toBeUndefined();
  });

  it('调价申请: the price picker is followed by the store and the old price', () => {
    const names = lineColumns('priceChangeCreate', 'itemList').map(([n]) => n);
    expect(names.indexOf('storeName')).toBeGreaterThan(names.indexOf('priceId'));
    expect(names).toEqual(
      expect.arrayContaining(['storeCode', 'storeName', 'priceType', 'oldPrice', 'newPrice']),
    );
  });
});
