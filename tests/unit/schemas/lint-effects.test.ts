import { describe, expect, it } from 'vitest';
import { effectProblems } from '../../../src/schema/effects';
import type { EffectDef } from '../../../src/generated/schema-files';
import type { ResourceDef } from '../../../src/schema/types';

// Issue 17.7: a `consume` effect (first-in first-out use of lots) names a number field of its target,
// an amount the document has, and fields to order by; it writes nothing else.
describe('effect lint: consume', () => {
  const lot = {
    name: 'lot',
    fields: {
      id: { type: 'integer' },
      memberId: { type: 'integer' },
      remaining: { type: 'integer' },
      note: { type: 'string' },
      expiresOn: { type: 'string', format: 'date' },
    },
  } as unknown as ResourceDef;
  const resources = new Map([['lot', lot]]);
  const check = (e: Partial<EffectDef>) =>
    effectProblems({ resource: 'lot', action: 'consume', ...e } as EffectDef, lot, resources).map(
      (p) => `${p.path}: ${p.message}`,
    );

  it('accepts a complete one', () => {
    expect(
      check({
        key: { memberId: '$row.memberId' },
        field: 'remaining',
        amount: '$row.remaining',
        orderBy: ['expiresOn'],
      }),
    ).toEqual([]);
  });

  it('names what is missing or unknown', () => {
    expect(check({ key: { memberId: '$row.memberId' }, field: 'note', amount: '$row.points' })).toEqual([
      '/field: consume needs a number field of resource "lot"',
      '/amount: resource "lot" has no field "points"',
    ]);
    expect(check({ field: 'remaining', orderBy: ['nope'], values: { note: 'x' } })).toEqual([
      '/key: consume needs a key',
      '/amount: consume needs an amount',
      '/orderBy/0: resource "lot" has no field "nope"',
      '/action: consume writes its field only (no values, no child)',
    ]);
  });

  it('checks the fields of an effect condition and its and-conditions', () => {
    const problems = effectProblems(
      {
        resource: 'lot',
        action: 'update',
        key: { id: '$row.id' },
        values: { note: 'x' },
        when: { field: 'memberId', op: 'gt', value: 0, and: [{ field: 'nope', op: 'eq', value: 1 }] },
      } as EffectDef,
      lot,
      resources,
    );
    expect(problems).toEqual([{ path: '/when/and/0/field', message: 'unknown field "nope"' }]);
  });
});
