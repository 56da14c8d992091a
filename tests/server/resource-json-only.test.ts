import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintSchemas } from '../../scripts/lint-schemas/lint';
import { seedReference } from '../../server/db/seed/index';
import { createTestApp, type TestApp } from '../fixtures/app';
import { tempDir } from '../fixtures/temp-dir';

const LIST = '/api/v1/demo/store/findStoreByPage';
const URI = '/admin/store/storeList';

/** A new list screen written as JSON files only: a resource over the existing org table and its page. */
function schemasWithStorePage(): string {
  const dir = path.join(tempDir('json-only-'), 'schemas');
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  const write = (file: string, data: unknown) =>
    fs.writeFileSync(path.join(dir, file), JSON.stringify(data, null, 2));
  write('resources/store.json', {
    $schema: '../meta/resource.schema.json',
    name: 'store',
    title: '门店',
    table: 'org',
    primaryKey: 'id',
    displayField: 'name',
    fields: {
      id: { type: 'integer', title: '机构ID', readOnly: true },
      code: { type: 'string', title: '门店编码', readOnly: true },
      name: { type: 'string', title: '门店名称', readOnly: true },
      refObjType: { type: 'integer', title: '机构属性', 'x-enum': 'orgAttribute', readOnly: true },
      refObjStatus: { type: 'integer', title: '营业状态', 'x-enum': 'orgStatus', readOnly: true },
      managementMode: {
        type: 'integer',
        title: '经营模式',
        'x-enum': 'managementMode',
        nullable: true,
        readOnly: true,
      },
    },
    filters: { name: { op: 'contains' }, refObjType: { op: 'eq' }, refObjStatus: { op: 'in' } },
    sortable: ['id', 'code', 'name'],
    defaultSort: [{ field: 'code', order: 'ascend' }],
    endpoints: {
      list: { method: 'POST', path: LIST, permission: URI },
    },
  });
  write('pages/admin/storeList.json', {
    $schema: '../../meta/page.schema.json',
    name: 'storeList',
    title: '门店列表',
    app: 'admin',
    // The page declares where it sits in the menu and its button: no line in schemas/menu.
    menu: {
      uri: URI,
      group: ['门店运营', '门店资料'],
      name: '门店列表',
      buttons: [{ name: '导出门店', code: 'store:export' }],
    },
    resource: 'store',
    search: [{ field: 'name' }, { field: 'refObjStatus', component: 'Select' }],
    columns: [
      { field: 'code', valueType: 'text', sortable: true },
      { field: 'name', valueType: 'text', sortable: true },
      { field: 'refObjStatus', valueType: 'enum' },
      { field: 'managementMode', valueType: 'enum' },
    ],
    pageSizes: [20, 50, 100, 200, 500],
  });
  return dir;
}

// Issue 5, "done when": a page added as JSON files only lists, filters, sorts and pages real rows,
// and the server refuses a user without its permission. No TypeScript was written for it.
describe('a list screen added as JSON only', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = schemasWithStorePage();
    process.env.SCHEMAS_DIR = dir;
    try {
      t = await createTestApp();
    } finally {
      delete process.env.SCHEMAS_DIR;
    }
  });
  afterAll(() => t.close());

  it('passes the schema lint', async () => {
    // Its tables and columns against a migrated database; the demo rows it would write are the
    // repository's own (the page adds none), written by every test server's start already.
    expect(await lintSchemas(dir, { server: false, database: true, seed: false })).toEqual([]);
  }, 240_000);

  it('adds the declared menu entry at start; a role granted it shows it in the menu', async () => {
    const hq = await t.login('hq001');
    const found = await t.json(hq, 'GET', `/api/v1/smm/permission/fuzzySelectPermissionList?str=${URI}`);
    expect(found.status).toBe(200);
    const [page] = found.body.data.list;
    expect(page).toMatchObject({ name: '门店列表', uri: URI, app: 'admin', menuClass: 2 });
    const all = await t.json(hq, 'GET', '/api/v1/smm/permission/fuzzySelectPermissionList?app=admin');
    const byId = new Map(all.body.data.list.map((p: { id: number }) => [p.id, p]));
    const group = byId.get(page.parentId) as { name: string; parentId: number; menuClass: number };
    expect(group).toMatchObject({ name: '门店资料', menuClass: 1 });
    expect(byId.get(group.parentId)).toMatchObject({ name: '门店运营', menuClass: 1, parentId: null });
    const button = all.body.data.list.find((p: { code: string }) => p.code === 'store:export');
    expect(button).toMatchObject({ parentId: page.id, menuClass: 3 });

    // md001 does not hold it yet: no menu entry, and the server refuses the list.
    const md = await t.login('md001');
    const menuOf = async (token: string) =>
      (await t.json(token, 'POST', '/api/v1/auth/userInfo', {})).body.data as {
        permissions: { uri: string | null; name: string }[];
        powerControl: { code: string }[];
      };
    expect((await menuOf(md)).permissions.map((p) => p.uri)).not.toContain(URI);
    expect((await t.json(md, 'POST', LIST, {})).status).toBe(401);

    // hq001 ticks the page and its button for md001's role (without its groups, as a tree picker may).
    const role = await t.database.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'STORE_MANAGER')
      .executeTakeFirstOrThrow();
    const held = await t.json(hq, 'GET', `/api/v1/smm/role/selectRolePermission/${role.id}`);
    const ids = [...held.body.data.ids, page.id, button.id];
    const set = await t.json(hq, 'POST', `/api/v1/smm/role/updateRolePermission/${role.id}`, { ids });
    expect(set.status).toBe(200);

    const menu = await menuOf(md);
    expect(menu.permissions.map((p) => p.name)).toEqual(
      expect.arrayContaining(['门店运营', '门店资料', '门店列表']),
    );
    expect(menu.powerControl.map((p) => p.code)).toContain('store:export');
  });

  it('lists, filters, sorts and pages real rows for a user holding the page', async () => {
    const md = await t.login('md001');
    const stores = await t.json(md, 'POST', LIST, { refObjType: 2, pageSize: 5 });
    expect(stores.status).toBe(200);
    expect(stores.body.data.total).toBeGreaterThanOrEqual(6);
    expect(stores.body.data.list).toHaveLength(5);
    expect(stores.body.data.list.map((s: { code: string }) => s.code)).toEqual([
      'S1001',
      'S1002',
      'S1003',
      'S1004',
      'S2001',
    ]);
    const page2 = await t.json(md, 'POST', LIST, { refObjType: 2, pageSize: 5, pageNo: 2 });
    expect(page2.body.data.list[0].code).toBe('S2002');
    const suspended = await t.json(md, 'POST', LIST, { refObjStatus: [0] });
    expect(suspended.body.data.list.map((s: { name: string }) => s.name)).toEqual(['南京新街口店']);
    const byName = await t.json(md, 'POST', LIST, {
      name: '杭州',
      sort: [{ field: 'name', order: 'descend' }],
    });
    expect(byName.body.data.list.map((s: { code: string }) => s.code)).toContain('W01');
  });

  it('refuses a user without the permission on the server', async () => {
    const wh = await t.login('wh001');
    const res = await t.json(wh, 'POST', LIST, {});
    expect(res.status).toBe(401);
    expect(res.body.result.code).toBe('E0401');
  });

  it('keeps ids on a second start and never duplicates the entry', async () => {
    const count = async () =>
      (await t.database.db.selectFrom('permission').select('id').where('uri', '=', URI).execute()).length;
    process.env.SCHEMAS_DIR = dir;
    try {
      await seedReference(t.database.db);
    } finally {
      delete process.env.SCHEMAS_DIR;
    }
    expect(await count()).toBe(1);
  });
});
