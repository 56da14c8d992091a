import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { resourceRoutes } from '../../../src/schema/routes';
import { loadCatalog } from '../../../src/schema/node/load';
import { SCHEMAS, schemasCopy } from './copy';

// Issue 6: endpoints served by hand-written routes ('external') and the toolbar export action.
describe('external endpoints and the export action', () => {
  it('marks the routes the engine leaves to server/routes', () => {
    const catalog = loadCatalog(SCHEMAS);
    const external = (name: string) =>
      resourceRoutes(catalog.resources.get(name)!)
        .filter((r) => r.external)
        .map((r) => r.kind);
    expect(external('systemNotice')).toEqual(['list', 'get', 'update', 'create', 'transition']);
    expect(external('appVersion')).toEqual(['get', 'update', 'create', 'transition']);
    expect(external('packer')).toEqual([]);
  });

  it('refuses an export of a list the engine does not serve, and an export among row actions', async () => {
    const dir = schemasCopy({
      'pages/admin/systemNoticeList.json': (p) => p.toolbar.push({ type: 'export' }),
      'pages/admin/packerList.json': (p) => (p.rowActions = [{ type: 'export' }]),
    });
    const problems = await lintSchemas(dir, { server: false });
    expect(problems).toEqual([
      {
        file: 'schemas/pages/admin/packerList.json',
        path: '/rowActions/0/type',
        message: '"export" is not allowed among row actions',
      },
      {
        file: 'schemas/pages/admin/systemNoticeList.json',
        path: '/toolbar/1/type',
        message: 'resource "systemNotice" has no engine list endpoint',
      },
    ]);
  });

  it('still checks that an external endpoint is a route of the server', async () => {
    const dir = schemasCopy({
      'resources/systemNotice.json': (r) => (r.endpoints.update.path = '/api/v1/msg/im/message/editNotice'),
    });
    const problems = await lintSchemas(dir);
    expect(problems).toContainEqual({
      file: 'schemas/resources/systemNotice.json',
      path: '/endpoints/update',
      message: 'PUT /api/v1/msg/im/message/editNotice is not a route of the server',
    });
  }, 60_000);
});
