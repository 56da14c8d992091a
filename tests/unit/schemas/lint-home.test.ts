import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { loadCatalog, SchemaError } from '../../../src/schema/node/load';
import { schemasCopy } from './copy';

const FILE = 'schemas/home/dacang.json';

// Issue 16.8: home counters name a resource, fields, a permission and a page that exist; the lint
// names each broken one, the server refuses to start on the ones it can check alone.
// Each test reads and lints a copy of every schema file: seconds on a busy machine.
describe('schema lint of home files', { timeout: 30_000 }, () => {
  it('passes the home files as written', async () => {
    const problems = await lintSchemas(schemasCopy(), { server: false, database: false });
    expect(problems.filter((p) => p.file.startsWith('schemas/home/'))).toEqual([]);
  });

  it('names each broken reference with its JSON path', async () => {
    const dir = schemasCopy({
      'home/dacang.json': (h) => {
        const [c0, c1, c2] = h.sections[0].counters;
        c0.resource = 'pickOrders';
        c1.where = [
          { field: 'state', op: 'eq', value: 1 },
          { field: 'status', op: 'in', value: 1 },
          { field: 'status', op: 'gte', value: '$today' },
          { field: 'createTime', op: 'lt', value: '$yesterday' },
        ];
        c1.oldest = 'pickerName';
        c2.permission = 'pickOrder:nothing';
        c2.link = '/dacang/distribution/pickOrders?status=30';
        h.sections[0].counters.push({
          ...c2,
          permission: 'pickOrder:finish',
          link: c2.link.replace('Orders', 'OrderList'),
        });
        h.sections.push({
          key: 'more',
          kind: 'today',
          title: '更多',
          include: [{ home: 'dacang', section: 'todo' }],
        });
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (path: string) =>
      problems.filter((p) => p.file === FILE && p.path === path).map((p) => p.message);
    expect(at('/sections/0/counters/0/resource')).toEqual(['unknown resource "pickOrders"']);
    expect(at('/sections/0/counters/1/where/0/field')).toEqual(['resource "pickOrder" has no field "state"']);
    expect(at('/sections/0/counters/1/where/1/value')).toEqual(['op "in" needs a list of values']);
    expect(at('/sections/0/counters/1/where/2/value')).toEqual([
      '"$today" needs a date or date-time field; "status" is neither',
    ]);
    expect(at('/sections/0/counters/1/where/3/value')).toEqual([
      'unknown value "$yesterday" (only $today[+-N])',
    ]);
    expect(at('/sections/0/counters/1/oldest')).toEqual([
      '"pickerName" is not a date-time field of "pickOrder"',
    ]);
    expect(at('/sections/0/counters/2/permission')).toEqual(['unknown permission "pickOrder:nothing"']);
    expect(at('/sections/0/counters/2/link')).toEqual([
      'no page "/dacang/distribution/pickOrders" in the menu',
    ]);
    expect(at(`/sections/0/counters/${12}/key`)).toEqual(['counter "pickOrderPicking" appears twice']);
    expect(at('/sections/4/include/0/section')).toEqual(['section "todo" is of kind "todo", not "today"']);
  });

  it('names each broken chart of a dashboard (issue 20.8)', async () => {
    const dir = schemasCopy({
      'home/dacang.json': (h) => {
        const work = h.sections.find((s: { key: string }) => s.key === 'work');
        work.charts.push(
          { resource: 'pickOrders', aggregate: 'dailyFinished', type: 'column' },
          { resource: 'pickOrder', aggregate: 'nothing', type: 'column' },
          { resource: 'cloudOrder', aggregate: 'todayCount', type: 'line' },
          { resource: 'pickOrder', aggregate: 'dailyFinished', type: 'column', link: '/dacang/nowhere' },
        );
        work.grouped = true;
        h.sections[0].charts = work.charts.slice(0, 1);
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (path: string) =>
      problems.filter((p) => p.file === FILE && p.path === path).map((p) => p.message);
    expect(at('/sections/1/charts/2/resource')).toEqual(['unknown resource "pickOrders"']);
    expect(at('/sections/1/charts/3/aggregate')).toEqual(['resource "pickOrder" has no aggregate "nothing"']);
    expect(at('/sections/1/charts/4/type')).toEqual([
      'aggregate "todayCount" has no groupBy: only "statistic" can draw it',
    ]);
    expect(at('/sections/1/charts/5')).toEqual(['chart "pickOrder.dailyFinished:column" appears twice']);
    expect(at('/sections/1/charts/5/link')).toEqual(['no page "/dacang/nowhere" in the menu']);
    expect(at('/sections/1')).toEqual(['a charts section has charts only (no counters, include or grouped)']);
    expect(at('/sections/0/charts')).toEqual(['a "todo" section has no charts (kind "charts")']);
  });

  it('the server refuses to start on a counter of an unknown field', () => {
    const dir = schemasCopy({
      'home/admin.json': (h) => {
        h.sections.push({
          key: 'extra',
          kind: 'todo',
          title: '其他',
          counters: [
            {
              key: 'extraCount',
              title: '其他',
              resource: 'stock',
              where: [{ field: 'nothing', op: 'eq', value: 1 }],
              permission: '/dacang/stock/stockList',
              link: '/dacang/stock/stockList',
            },
          ],
        });
      },
    });
    expect(() => loadCatalog(dir)).toThrow(SchemaError);
    const extra = JSON.parse(readFileSync(`${dir}/home/admin.json`, 'utf8')).sections.length - 1;
    try {
      loadCatalog(dir);
    } catch (e) {
      expect((e as SchemaError).problems).toContainEqual({
        file: 'schemas/home/admin.json',
        path: `/sections/${extra}/counters/0/where/0/field`,
        message: 'resource "stock" has no field "nothing"',
      });
    }
  });
});
