import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// The yes/no `differs` filter over pairs of fields (the three-way match's 存在差异,
// schemas/resources/invoiceMatch.json): every field of a pair must be filterable, the filter needs a
// title of its own, and pairs belong to differs only.
describe('lint: the differs filter', () => {
  it('accepts the three-way match, refuses unknown fields, a missing title and stray pairs', async () => {
    const dir = schemasCopy({
      'resources/invoiceMatch.json': (r) => {
        r.filters.wrongPair = { op: 'differs', title: '错误', pairs: [['quantity', 'noSuchField']] };
        r.filters.untitled = { op: 'differs', pairs: [['price', 'poPrice']] };
        r.filters.invoiceId.pairs = [['price', 'poPrice']];
      },
    });
    const problems = (await lintSchemas(dir, { server: false })).filter(
      (p) => p.file === 'schemas/resources/invoiceMatch.json',
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/filters/invoiceId/pairs', 'pairs only with op differs'],
      ['/filters/wrongPair', 'filter on unknown or unfilterable field "noSuchField"'],
      ['/filters/untitled', 'differs needs "pairs" of fields to compare and a "title" of its own'],
    ]);
  }, 60_000);
});
