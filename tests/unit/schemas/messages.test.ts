import { describe, expect, it } from 'vitest';
import type { FormDef } from '../../../src/generated/schema-files';
import { firstValidationMessage } from '../../../server/http/validation-message';
import { createAjv } from '../../../server/resources/ajv';
import { loadCatalog } from '../../../src/schema/node/load';
import { routeSchemas } from '../../../src/schema/request-schemas';
import { catalogContext } from '../../../src/schema/resolve/context';
import { resolveForm } from '../../../src/schema/resolve/form';
import { resourceRoutes } from '../../../src/schema/routes';
import { readSchemaFiles } from '../../../src/schema/node/files';
import { SCHEMAS } from './copy';

const catalog = loadCatalog(SCHEMAS);
const forms = new Map(
  readSchemaFiles(SCHEMAS)
    .files.filter((f) => f.kind === 'form')
    .map((f) => [String(f.data.name), f.data as unknown as FormDef]),
);

/** The message the server answers for a create body. */
function serverMessage(resource: string, body: unknown): string | undefined {
  const r = catalog.resources.get(resource)!;
  const route = resourceRoutes(r).find((x) => x.kind === 'create')!;
  const validate = createAjv(catalog.validators, false).compile(routeSchemas(catalog, r, route).body!);
  return validate(body) ? undefined : firstValidationMessage(validate.errors);
}

/** The rule messages the browser form shows for one field (the resolver the renderer uses). */
function formMessages(form: string, field: string): string[] {
  const def = forms.get(form)!;
  const resolved = resolveForm(catalogContext(catalog), def, catalog.resources.get(def.resource)!, 'x');
  const node = (resolved.schema.properties as Record<string, { 'x-validator'?: { message: string }[] }>)[
    field
  ]!;
  return (node['x-validator'] ?? []).map((r) => r.message);
}

// SPEC 5 and issue 5 point 5: the browser and the server say the same thing for the same rule.
describe('one message for browser and server', () => {
  const user = { account: 'u1', password: 'x', realName: '甲' };

  it.each([
    ['phone', { ...user, phone: '2380000000' }],
    ['account', { ...user, account: 'a b' }],
    ['realName', { account: 'u1', password: 'x' }],
    ['email', { ...user, email: 'nope' }],
  ])('userCreate %s', (field, body) => {
    const message = serverMessage('user', body);
    expect(message).toBeTruthy();
    expect(formMessages('userCreate', field)).toContain(message);
  });

  it('named validators on numbers: the server tests the decimal text, as the browser tests the input', () => {
    const base = {
      companyName: '甲',
      produceDate: '2026-03-01',
      warehouseOutId: 21,
      warehouseInId: 22,
    };
    const line = { commodityCode: '1' };
    const msg = serverMessage('transferApply', { ...base, itemList: [{ ...line, expectQuantity: 1.0005 }] });
    expect(msg).toBe('请输入正确的数量，最多保留三位小数');
    expect(
      serverMessage('transferApply', { ...base, itemList: [{ ...line, expectQuantity: 1.005 }] }),
    ).toBeUndefined();
  });

  it('every example of validators.json behaves as documented', () => {
    for (const [name, v] of Object.entries(catalog.validators)) {
      const re = new RegExp(v.pattern);
      for (const ok of v.examples?.valid ?? [])
        expect({ name, ok, pass: re.test(ok) }).toEqual({ name, ok, pass: true });
      for (const bad of v.examples?.invalid ?? [])
        expect({ name, bad, pass: re.test(bad) }).toEqual({ name, bad, pass: false });
    }
  });
});
