import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// A filter over a document's lines (`lines`, schemas/resources/sortingOrder.json's 箱码): the child must
// exist, the field is the line's, and only eq, contains, in and between compare lines.
describe('lint: line filters', () => {
  it('accepts the sorting order box code, refuses unknown children, header-only fields and other ops', async () => {
    const dir = schemasCopy({
      'resources/sortingOrder.json': (r) => {
        r.filters.noChild = { op: 'eq', lines: 'noSuchLines', field: 'boxCode', title: '错误' };
        r.filters.headerField = { op: 'eq', lines: 'itemList', field: 'storeName' };
        r.filters.wrongOp = { op: 'has', lines: 'itemList', field: 'boxCode', title: '错误' };
      },
    });
    const problems = (await lintSchemas(dir, { server: false })).filter(
      (p) => p.file === 'schemas/resources/sortingOrder.json',
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/filters/noChild/lines', 'unknown child "noSuchLines"'],
      ['/filters/noChild', 'filter on unknown or unfilterable field "boxCode"'],
      ['/filters/headerField', 'filter on unknown or unfilterable field "storeName"'],
      ['/filters/wrongOp/op', 'a line filter is eq, contains, in or between'],
      ['/filters/wrongOp', 'has needs an array field of strings or integers ("boxCode")'],
    ]);
  }, 60_000);
});
