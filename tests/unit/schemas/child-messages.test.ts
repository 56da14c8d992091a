import { describe, expect, it } from 'vitest';
import type { FormDef, ResourceDef } from '../../../src/generated/schema-files';
import { firstValidationMessage } from '../../../server/http/validation-message';
import { createAjv } from '../../../server/resources/ajv';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { loadCatalog } from '../../../src/schema/node/load';
import { readSchemaFiles } from '../../../src/schema/node/files';
import { routeSchemas } from '../../../src/schema/request-schemas';
import { catalogContext } from '../../../src/schema/resolve/context';
import { resolveForm } from '../../../src/schema/resolve/form';
import { resourceRoutes } from '../../../src/schema/routes';
import { SCHEMAS, schemasCopy } from './copy';

// Engine gap 2b: a child's required line fields carry their own Chinese messages
// (children.<name>.errorMessage.required), said alike by the server (and so imports, which validate
// with the create endpoint's schema) and by the form's line table.
const catalog = loadCatalog(SCHEMAS);
const MESSAGE = '请填写每个招标商品的预计采购数量';
const tender = structuredClone(catalog.resources.get('tender')!) as ResourceDef;
tender.children!.itemList!.errorMessage = { required: { quantity: MESSAGE } };
const body = {
  title: '测试',
  categoryCode: '0101',
  periodStart: '2026-12-01',
  periodEnd: '2027-02-28',
  bidDeadline: '2026-11-30T18:00:00+08:00',
  itemList: [{ commodityCode: '100001' }],
};

/** Every x-validator message of a field named `name` anywhere in a resolved schema. */
function messagesOf(node: unknown, name: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === name && v && typeof v === 'object') {
      const rules = (v as { 'x-validator'?: { message?: string }[] })['x-validator'] ?? [];
      out.push(...rules.map((r) => r.message ?? ''));
    }
    out.push(...messagesOf(v, name));
  }
  return out;
}

describe("a child's own required messages", () => {
  it('the server answers the line field’s message', () => {
    const route = resourceRoutes(tender).find((x) => x.kind === 'create')!;
    const validate = createAjv(catalog.validators, false).compile(routeSchemas(catalog, tender, route).body!);
    expect(validate(body)).toBe(false);
    expect(firstValidationMessage(validate.errors)).toBe(MESSAGE);
    // Without it, the default names the field.
    const plain = catalog.resources.get('tender')!;
    const v2 = createAjv(catalog.validators, false).compile(routeSchemas(catalog, plain, route).body!);
    v2(body);
    expect(firstValidationMessage(v2.errors)).toMatch(/^请输入/);
  });

  it('the form’s line table shows the same message', () => {
    const form = readSchemaFiles(SCHEMAS).files.find(
      (f) => f.kind === 'form' && f.data.name === 'tenderEdit',
    )!.data as unknown as FormDef;
    const resolved = resolveForm(catalogContext(catalog), form, tender, 'tenderEdit');
    expect(messagesOf(resolved.schema, 'quantity')).toContain(MESSAGE);
  });

  it('the lint names a message for a field the lines do not have', async () => {
    const problems = await lintSchemas(
      schemasCopy({
        'resources/tender.json': (p) =>
          (p.children.itemList.errorMessage = { required: { qty: '请填写数量' } }),
      }),
      { server: false },
    );
    expect(problems.map((p) => `${p.file}#${p.path}: ${p.message}`)).toContain(
      'schemas/resources/tender.json#/children/itemList/errorMessage/required/qty: unknown field "qty" of the lines',
    );
  });
});
