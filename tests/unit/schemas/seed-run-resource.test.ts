import { describe, expect, it } from 'vitest';
import { checkSeeds } from '../../../src/schema/seed/check';
import type { ResourceDef, SeedDef } from '../../../src/schema/types';

// A seed's `run` may name another resource seeded before it (purchase orders closed after the
// receipts that partly received them): the lint checks that resource comes first and has the transition.
describe('seed run of another resource', () => {
  const withStates = (name: string, extra: Record<string, unknown> = {}) =>
    ({
      name,
      title: name,
      table: name,
      ownsTable: true,
      primaryKey: 'id',
      fields: { id: { type: 'integer', title: 'ID', readOnly: true }, ...extra },
      states: {
        field: 'status',
        initial: 0,
        transitions: [{ name: name === 'order' ? 'close' : 'confirm', title: '操作', from: [0], to: 1 }],
      },
      endpoints: {},
    }) as unknown as ResourceDef;
  const order = withStates('order');
  const receipt = withStates('receipt', {
    orderId: { type: 'integer', title: '订单', 'x-reference': { resource: 'order', label: 'id' } },
  });
  const other = withStates('other');
  const resources = new Map([
    ['order', order],
    ['receipt', receipt],
    ['other', other],
  ]);
  const seeds = (run: unknown[], name = 'receipt') =>
    new Map([
      ['order', { name: 'order', rows: [{}] } as unknown as SeedDef],
      [name, { name, rows: [{}], run } as unknown as SeedDef],
    ]);

  it('accepts a transition of a resource the seed refers to', () => {
    expect(
      checkSeeds(
        seeds([{ transition: 'confirm' }, { transition: 'close', resource: 'order' }]),
        resources,
        new Map(),
      ),
    ).toEqual([]);
  });

  it('refuses a transition the other resource lacks, and a resource not seeded before', () => {
    expect(checkSeeds(seeds([{ transition: 'confirm', resource: 'order' }]), resources, new Map())).toEqual([
      {
        file: 'seed/receipt.json',
        path: '/run/0/transition',
        message: 'resource "order" has no transition "confirm"',
      },
    ]);
    expect(
      checkSeeds(seeds([{ transition: 'close', resource: 'order' }], 'other'), resources, new Map()),
    ).toEqual([
      {
        file: 'seed/other.json',
        path: '/run/0/resource',
        message:
          '"order" is not seeded before "other" (name it in a ref or in after) nor made by its transitions',
      },
    ]);
  });

  it("accepts a resource the seed's own transitions make, and checks a run's where", () => {
    // An approved "other" creates orders (its effect): the seed may run the orders' transitions.
    const maker = withStates('other');
    maker.states!.transitions[0]!.effects = [{ resource: 'order', action: 'create', values: {} }] as never;
    const world = new Map([...resources, ['other', maker]]);
    expect(
      checkSeeds(
        seeds(
          [{ transition: 'close', resource: 'order', where: { field: 'id', op: 'gt', value: 0 } }],
          'other',
        ),
        world,
        new Map(),
      ),
    ).toEqual([]);
    expect(
      checkSeeds(
        seeds(
          [{ transition: 'close', resource: 'order', where: { field: 'nope', op: 'gt', value: 0 } }],
          'other',
        ),
        world,
        new Map(),
      ),
    ).toEqual([
      {
        file: 'seed/other.json',
        path: '/run/0/where/field',
        message: 'resource "order" has no field "nope"',
      },
    ]);
  });
});
