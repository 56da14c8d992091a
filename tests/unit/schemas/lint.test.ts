import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// The schema lint (DESIGN.md 1, issue 5 point 8): meta-schemas plus cross-references, each problem
// naming the file and the JSON path.
// That the repository's own schemas pass (endpoints checked against the real server, tables against a
// migrated database) is `npm test`'s "schema lint" step, run once there rather than again here (issue
// 21.7); these tests pin what the lint finds in broken copies.
describe('schema lint', () => {
  it('names the file and path of a broken enum reference', async () => {
    const dir = schemasCopy({ 'resources/pickOrder.json': (r) => (r.fields.pickZone['x-enum'] = 'pickZon') });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toContainEqual({
      file: 'schemas/resources/pickOrder.json',
      path: '/fields/pickZone/x-enum',
      message: 'unknown enum "pickZon" (no schemas/enums/pickZon.json)',
    });
    // The page showing that column is told too.
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'schemas/pages/dacang/pickOrderList.json', path: '/columns/4/field' }),
    );
  });

  it('names the file and path of an unknown column, search field and lookup index field', async () => {
    const dir = schemasCopy({
      'pages/dacang/pickOrderList.json': (p) => {
        p.columns[1].field = 'storeCod';
        p.search[0].field = 'remark';
      },
      'resources/approvalInstance.json': (r) => (r.indexes[0].fields[1] = 'documentNo'),
    });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toEqual([
      {
        file: 'schemas/resources/approvalInstance.json',
        path: '/indexes/0/fields/1',
        message: 'unknown or unindexable field "documentNo"',
      },
      {
        file: 'schemas/pages/dacang/pickOrderList.json',
        path: '/search/0/field',
        message: '"remark" is not a filter of resource "pickOrder"',
      },
      {
        file: 'schemas/pages/dacang/pickOrderList.json',
        path: '/columns/1/field',
        message: 'unknown field "storeCod"',
      },
    ]);
  });

  it('checks a declared menu entry: no clash with the seed menu or another page', async () => {
    const dir = schemasCopy({
      // Declares an entry the seed already has, and a button code the seed uses.
      'pages/admin/roleList.json': (p) => {
        p.menu.group = ['系统管理', '用户权限'];
        p.menu.buttons = [{ name: '编辑角色', code: 'role:edit' }];
      },
      // Names no seed entry and declares none.
      'pages/admin/appList.json': (p) => (p.menu.uri = '/admin/appinfo/appListing'),
      // A declared entry needs its group: name alone is refused by the meta-schema.
      'pages/dacang/pickOrderList.json': (p) => (p.menu.name = '拣货'),
    });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'schemas/pages/admin/roleList.json',
          path: '/menu/uri',
          message: expect.stringContaining('already an entry of schemas/menu'),
        }),
        {
          file: 'schemas/pages/admin/roleList.json',
          path: '/menu/buttons/0/code',
          message: 'button code "role:edit" is used by another menu entry',
        },
        expect.objectContaining({ file: 'schemas/pages/admin/appList.json', path: '/menu/uri' }),
        expect.objectContaining({ file: 'schemas/pages/dacang/pickOrderList.json', path: '/menu' }),
      ]),
    );
  });

  it('refuses a file that breaks its meta-schema, with the JSON path', async () => {
    const dir = schemasCopy({ 'pages/admin/roleList.json': (p) => (p.columns[0].valueType = 'linky') });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toEqual([
      expect.objectContaining({ file: 'schemas/pages/admin/roleList.json', path: '/columns/0/valueType' }),
    ]);
  });

  // Issue 12.2: the lint runs the renderer's own resolver, so what the browser would draw as a
  // configuration error (here an x-component the registry does not bind) fails the lint first.
  it('reports what the one resolver refuses: a form component the renderer does not bind', async () => {
    const dir = schemasCopy({
      'forms/userEdit.json': (f) => (f.schema.properties.phone['x-component'] = 'FancyPhone'),
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    expect(problems).toEqual([
      {
        file: 'schemas/forms/userEdit.json',
        path: '/schema/properties/phone',
        message: 'unknown x-component "FancyPhone" (not bound by src/renderer/registry.ts)',
      },
    ]);
  });

  it('checks permission codes against the seed, forms against their resource, validators by name', async () => {
    const dir = schemasCopy({
      'resources/stockOutOrder.json': (r) => (r.states.transitions[1].permission = 'stockOut:abolish'),
      'pages/dacang/stockOutOrderList.json': (p) => (p.rowActions[2].permission = 'stockOut:prin'),
      'forms/userEdit.json': (f) => {
        f.schema.properties.account = { 'x-component': 'Input' };
        f.schema.properties.phone['x-validator'] = 'mobil';
      },
      'forms/userCreate.json': (f) => delete f.schema.properties.realName,
    });
    const problems = (await lintSchemas(dir, { server: false })).map((p) => `${p.file}#${p.path}`);
    expect(problems.sort()).toEqual(
      [
        'schemas/resources/stockOutOrder.json#/states/transitions/1/permission',
        'schemas/pages/dacang/stockOutOrderList.json#/rowActions/2/permission',
        'schemas/forms/userEdit.json#/schema/properties/account',
        'schemas/forms/userEdit.json#/schema/properties/phone/x-validator',
        'schemas/forms/userCreate.json#/schema/properties',
      ].sort(),
    );
  });

  it('checks that page endpoints are routes of the server', async () => {
    const dir = schemasCopy({
      'pages/admin/roleList.json': (p) => {
        delete p.resource;
        p.endpoint = {
          method: 'POST',
          path: '/api/v1/smm/role/noSuchList',
          permission: '/admin/system/roleList',
        };
        delete p.search;
        delete p.rowActions;
        delete p.toolbar;
        p.defaultSort = [];
        // Without a resource an enum column names its enum itself (the resolver says so otherwise).
        (p.columns as { enum?: string }[])[3]!.enum = 'roleStatus';
      },
    });
    const problems = await lintSchemas(dir);
    expect(problems).toEqual([
      {
        file: 'schemas/pages/admin/roleList.json',
        path: '/endpoint',
        message: 'POST /api/v1/smm/role/noSuchList is not a route of the server',
      },
    ]);
  }, 240_000);

  it('the command exits 1 and prints file#path: message', () => {
    const dir = schemasCopy({ 'resources/pickOrder.json': (r) => (r.fields.pickZone['x-enum'] = 'pickZon') });
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/lint-schemas/index.ts', dir], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'schemas/resources/pickOrder.json#/fields/pickZone/x-enum: unknown enum "pickZon"',
    );
  }, 240_000);
});
