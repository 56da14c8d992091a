import { describe, expect, it } from 'vitest';
import { generateRows } from '../../../src/schema/seed/generate';
import type { ResourceDef, SeedDef } from '../../../src/schema/types';

// Issue 17.7: `{ "seq": 1, "cycle": 3 }` spreads rows over a fixed set of ids in turn (orders over every
// member) without drawing a random number, so adding such a field leaves every other value as it was.
describe('seq with cycle', () => {
  const resource = {
    name: 'doc',
    title: '单据',
    table: 'doc',
    ownsTable: true,
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      amount: { type: 'integer', title: '金额' },
      memberId: { type: 'integer', title: '会员' },
    },
    endpoints: {},
  } as unknown as ResourceDef;
  const rows = (fields: Record<string, unknown>) =>
    generateRows({
      resource,
      seed: { name: 'doc', generate: { count: 7, fields } } as unknown as SeedDef,
      enums: new Map(),
      rowsOf: () => [],
      resourceOf: () => resource,
      anchor: '2026-11-20',
    }).map((r) => r.values);

  it('starts over after cycle values, and draws no random number', () => {
    const before = rows({ amount: { int: [1, 1000] } });
    const after = rows({ amount: { int: [1, 1000] }, memberId: { seq: 1, cycle: 3 } });
    expect(after.map((r) => r.memberId)).toEqual([1, 2, 3, 1, 2, 3, 1]);
    expect(after.map((r) => r.amount)).toEqual(before.map((r) => r.amount));
    expect(rows({ memberId: { seq: 5 } }).map((r) => r.memberId)).toEqual([5, 6, 7, 8, 9, 10, 11]);
  });
});
