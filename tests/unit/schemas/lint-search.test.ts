import { describe, expect, it } from 'vitest';
import appVersionPage from '@schemas/pages/admin/appVersionList.json';
import appVersion from '@schemas/resources/appVersion.json';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { buildPageModel } from '@/renderer/resolve';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';
import { schemasCopy } from './copy';

const FILE = 'schemas/pages/admin/appVersionList.json';
const problemsOf = async (edits: Parameters<typeof schemasCopy>[0]) =>
  (await lintSchemas(schemasCopy(edits), { server: false })).filter((p) => p.file === FILE);
type Search = { field: string; component?: string; componentProps?: Record<string, unknown> };
const appIdSearch = (p: { search: Search[] }) => p.search.find((s) => s.field === 'appId')!;

// A search field can pick from another resource (ResourceSelect over its 'all' endpoint): the version
// list picks the app by name instead of typing its id.
describe('resource pickers in search forms', () => {
  it('the version list picks the app from appInfo', async () => {
    expect(await problemsOf({})).toEqual([]);
    const m = buildPageModel(appVersionPage as unknown as PageDef, appVersion as ResourceDef, FILE);
    expect(m.search.find((s) => s.key === 'appId')).toMatchObject({
      title: '应用',
      component: 'ResourceSelect',
      kind: 'number',
      multiple: false,
      picker: { resource: 'appInfo', labelField: 'appName', valueField: 'id' },
    });
  });

  it('a picker without its resource is a loud failure at run time too', () => {
    const page = structuredClone(appVersionPage) as unknown as PageDef;
    delete page.search![0]!.componentProps;
    const m = buildPageModel(page, appVersion as ResourceDef, FILE);
    expect(m.problems.map((p) => p.text)).toEqual([
      `配置错误：${FILE} /search/0 的资源选择器未指定 componentProps.resource`,
    ]);
  });

  it('needs componentProps with a known resource that has an all endpoint', async () => {
    expect(
      await problemsOf({ 'pages/admin/appVersionList.json': (p) => delete appIdSearch(p).componentProps }),
    ).toEqual([
      {
        file: FILE,
        path: '/search/0/componentProps',
        message: 'ResourceSelect needs componentProps.resource',
      },
    ]);
    expect(
      await problemsOf({
        'pages/admin/appVersionList.json': (p) => (appIdSearch(p).componentProps!.resource = 'appInf'),
      }),
    ).toEqual([
      {
        file: FILE,
        path: '/search/0/componentProps/resource',
        message: 'unknown resource "appInf" (no schemas/resources/appInf.json)',
      },
    ]);
    expect(
      await problemsOf({
        'pages/admin/appVersionList.json': (p) => (appIdSearch(p).componentProps!.resource = 'appVersion'),
      }),
    ).toEqual([
      {
        file: FILE,
        path: '/search/0/componentProps/resource',
        message: 'resource "appVersion" has no all endpoint',
      },
    ]);
  });

  it("refuses options the page's users could not load, and fields the resource does not answer", async () => {
    const problems = await problemsOf({
      'resources/appInfo.json': (r) => (r.endpoints.all.permission = ['/admin/appinfo/appList']),
      'pages/admin/appVersionList.json': (p) => {
        appIdSearch(p).componentProps!.labelField = 'appTitle';
      },
    });
    expect(problems).toEqual([
      {
        file: FILE,
        path: '/search/0/componentProps/resource',
        message:
          'the all endpoint of "appInfo" does not allow "/admin/appinfo/appVersionList": those users would get no options',
      },
      {
        file: FILE,
        path: '/search/0/componentProps/labelField',
        message: 'unknown field "appTitle" of resource "appInfo"',
      },
    ]);
  });

  it('needs an eq or in filter, and componentProps only with ResourceSelect', async () => {
    const problems = await problemsOf({
      'pages/admin/appVersionList.json': (p) => {
        const version = p.search.find((s: Search) => s.field === 'appVersion');
        version.component = 'ResourceSelect';
        version.componentProps = { resource: 'appInfo', labelField: 'appName' };
        p.search.find((s: Search) => s.field === 'os').componentProps = { resource: 'appInfo' };
      },
    });
    expect(problems).toEqual([
      {
        file: FILE,
        path: '/search/1/componentProps',
        message: 'componentProps is only for the ResourceSelect component',
      },
      {
        file: FILE,
        path: '/search/2/component',
        message: 'ResourceSelect needs an eq or in filter, "appVersion" is contains',
      },
    ]);
  });

  it('the meta-schema refuses unknown picker props', async () => {
    const problems = await problemsOf({
      'pages/admin/appVersionList.json': (p) => (appIdSearch(p).componentProps!.endpoint = 'list'),
    });
    expect(problems.map((p) => p.path)).toContain('/search/0/componentProps');
  });
});
