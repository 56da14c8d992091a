import { describe, expect, it } from 'vitest';
import { checkSeeds } from '../../../src/schema/seed/check';
import { generateRows } from '../../../src/schema/seed/generate';
import type { ResourceDef, SeedDef } from '../../../src/schema/types';

// The seed generator `total` (docs/schemas.md "Demo data"): a figure made from other generated numbers
// of the row, exact at the field's decimals, optionally a little off (a platform's settlement).
describe('seed totals', () => {
  const money = { type: 'number', 'x-validator': 'money' };
  const resource = {
    name: 'bill',
    title: '账单',
    table: 'bill',
    ownsTable: true,
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      goods: { ...money, title: '商品金额' },
      discount: { ...money, title: '优惠' },
      commission: { ...money, title: '佣金' },
      settlement: { ...money, title: '结算' },
      name: { type: 'string', title: '名称' },
    },
    endpoints: {},
  } as unknown as ResourceDef;
  const seed = (fields: Record<string, unknown>, count = 200) =>
    ({ name: 'bill', generate: { count, fields } }) as unknown as SeedDef;

  it('adds and subtracts exactly, scales and offsets by one of the list', () => {
    const rows = generateRows({
      resource,
      seed: seed({
        // Written after the figures they read, whatever the key order.
        settlement: { total: { plus: ['goods'], minus: ['discount', 'commission'], offset: [0, -1.25] } },
        commission: { total: { plus: ['goods'], times: 0.08 } },
        goods: { number: [10, 200] },
        discount: { pick: [0, 0.3, 2] },
      }),
      enums: new Map(),
      rowsOf: () => [],
      resourceOf: () => resource,
      anchor: '2026-11-20',
    });
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    const offsets = new Set<number>();
    for (const { values: v } of rows) {
      expect(cents(v.commission)).toBe(Math.round(cents(v.goods) * 0.08));
      // Exact at two decimals: no floating-point tail.
      expect(String(v.settlement)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      const off = cents(v.settlement) - (cents(v.goods) - cents(v.discount) - cents(v.commission));
      expect([0, -125]).toContain(off);
      offsets.add(off);
    }
    expect(offsets).toEqual(new Set([0, -125]));
  });

  it('the seed check refuses a total over a field that is no generated number, and on a text field', () => {
    const problems = checkSeeds(
      new Map([
        [
          'bill',
          seed({
            goods: { number: [1, 2] },
            name: { total: { plus: ['goods'] } },
            settlement: { total: { plus: ['discount'] } },
          }),
        ],
      ]),
      new Map([['bill', resource]]),
      new Map(),
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/generate/fields/name/total', 'field "name" is no number'],
      ['/generate/fields/settlement/total', '"discount" is no generated number of this row'],
    ]);
  });
});
