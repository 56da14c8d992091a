import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aggregateFields, checkAggregate } from '../../../src/schema/aggregates';
import type { AggregateDef } from '../../../src/generated/schema-files';
import type { ResourceDef } from '../../../src/schema/types';

const loss = JSON.parse(fs.readFileSync('schemas/resources/lossReport.json', 'utf8')) as ResourceDef;

const problems = (a: AggregateDef) => {
  const out: { path: string; message: string }[] = [];
  checkAggregate(loss, 'x', a, (path, message) => out.push({ path, message }));
  return out;
};

// Issue 16.6: an aggregate over a child's lines (`lines`) groups and measures the line's fields, else
// the document's; a looked-up field (the line's commodity category) may be grouped, never measured; the
// fixed conditions select documents, so they name the document's columns.
describe('schema lint of aggregates over lines', () => {
  const base = structuredClone(loss.aggregates!.monthlyLoss!);

  it('passes the monthly loss report as written; its fields are the line’s, then the document’s', () => {
    expect(problems(base)).toEqual([]);
    const fields = aggregateFields(loss, base);
    expect(fields.categoryName?.['x-lookup']?.table).toBe('commodity');
    expect(fields.reason?.['x-enum']).toBe('lossReason');
    expect(aggregateFields(loss, { lines: undefined }).categoryName).toBeUndefined();
  });

  it('names an unknown child, a measured lookup, a line field as a condition and a line field without lines', () => {
    expect(problems({ ...base, lines: 'rows' })[0]).toEqual({
      path: '/aggregates/x/lines',
      message: 'no child "rows"',
    });
    expect(problems({ ...base, measure: { fn: 'max', field: 'categoryName' } })).toEqual([
      {
        path: '/aggregates/x/measure/field',
        message:
          '"categoryName" is not a column of "loss_report" or its lines (computed fields cannot be grouped or measured, lookups only grouped)',
      },
    ]);
    expect(problems({ ...base, where: { quantity: 1 } })).toEqual([
      { path: '/aggregates/x/where/quantity', message: '"quantity" is not a column of "loss_report"' },
    ]);
    const { lines: _lines, ...headerOnly } = base;
    expect(problems(headerOnly).map((p) => p.path)).toEqual([
      '/aggregates/x/groupBy/1',
      '/aggregates/x/measure/field',
      '/aggregates/x/measures/quantity/field',
    ]);
  });
});
