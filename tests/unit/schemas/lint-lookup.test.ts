import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Filters and sorting over looked-up values (server/resources/sql/select.ts fieldRef): the 上架单 list
// (putawayItem) searches and sorts its lines by their task's receipt code and time; a value computed
// when read (a count) is still neither filterable nor sortable.
describe('lint: filters and sorting on x-lookup fields', () => {
  it('accepts a filter and a sort on a looked-up field, refuses them on a count', async () => {
    const dir = schemasCopy({
      'resources/putawayItem.json': (r) => {
        r.fields.lineTotal = {
          type: 'integer',
          title: '同单行数',
          readOnly: true,
          'x-computed': { count: { from: 'putawayId', table: 'putaway_task_item', key: 'putawayId' } },
        };
        r.filters.lineTotal = { op: 'eq' };
        r.sortable.push('lineTotal');
      },
    });
    const problems = (await lintSchemas(dir, { server: false })).filter(
      (p) => p.file === 'schemas/resources/putawayItem.json',
    );
    expect(problems).toEqual([
      {
        file: 'schemas/resources/putawayItem.json',
        path: '/filters/lineTotal',
        message: 'filter on unknown or unfilterable field "lineTotal"',
      },
      {
        file: 'schemas/resources/putawayItem.json',
        path: '/sortable/5',
        message: 'unknown or unsortable field "lineTotal"',
      },
    ]);
  }, 60_000);
});
