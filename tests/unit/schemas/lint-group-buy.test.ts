import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { computeDocument } from '../../../src/schema/computed';
import { conditionHolds } from '../../../src/schema/effects';
import type { ResourceDef } from '../../../src/schema/types';
import { schemasCopy } from './copy';

// Issue 17.2: what group-buy added to the schema language — a deadline of hours (`addHours`), an
// effect's transition chosen by comparing two fields of the found row (`otherField`), and an effect
// on every row its key matches (`all`) — computed the same everywhere and checked by the lint.
describe('addHours', () => {
  const group = {
    name: 'g',
    fields: {
      openTime: { type: 'string', format: 'date-time' },
      groupHours: { type: 'integer' },
      deadline: {
        type: 'string',
        format: 'date-time',
        readOnly: true,
        'x-computed': { addHours: ['openTime', 'groupHours'] },
      },
    },
  } as unknown as ResourceDef;

  it('adds whole hours to a date-time, from text or a Date, and is empty without either', () => {
    const at = (openTime: unknown, groupHours: unknown) =>
      computeDocument(group, { openTime, groupHours }, {}).header.deadline;
    expect(at('2026-11-20T23:30:00+08:00', 24)).toBe('2026-11-21T15:30:00.000Z');
    expect(at(new Date('2026-11-20T00:00:00Z'), 168)).toBe('2026-11-27T00:00:00.000Z');
    expect(at('2026-11-20T00:00:00Z', null)).toBeNull();
    expect(at(null, 24)).toBeNull();
    expect(at('2026-11-20T00:00:00Z', 1.5)).toBeNull();
  });
});

describe('schema lint of addHours, effect otherField, all and notIn', () => {
  it('names each broken use with its JSON path', async () => {
    const dir = schemasCopy({
      'resources/groupBuyGroup.json': (r) => {
        r.fields.deadline['x-computed'].addHours = ['groupHours', 'openTime'];
        r.states.transitions[1].effects[0].action = 'create';
        r.states.transitions[1].effects[0].values = { status: 0 };
        r.refuses[0].when.otherField = 'storeName';
      },
      'resources/groupBuyOrder.json': (r) => {
        r.states.transitions[0].effects[1].transitions[0].when.otherField = 'minimum';
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (file: string, path: string) =>
      problems.filter((p) => p.file === `schemas/${file}.json` && p.path === path).map((p) => p.message);
    expect(at('resources/groupBuyGroup', '/fields/deadline/x-computed/addHours/0')).toEqual([
      '"groupHours" is not a date-time field of the same row',
    ]);
    expect(at('resources/groupBuyGroup', '/fields/deadline/x-computed/addHours/1')).toEqual([
      '"openTime" is not an integer field of the same row',
    ]);
    expect(at('resources/groupBuyGroup', '/states/transitions/1/effects/0/all')).toEqual([
      'all needs update or transition',
    ]);
    expect(at('resources/groupBuyGroup', '/refuses/0/when/otherField')).toEqual([
      'notIn compares with an array field of the row (otherField)',
    ]);
    expect(
      at('resources/groupBuyOrder', '/states/transitions/0/effects/1/transitions/0/when/otherField'),
    ).toEqual(['resource "groupBuyGroup" has no field "minimum"']);
  });
});

describe('in / notIn conditions', () => {
  it('look the value up in a list field of the row', () => {
    const c = { field: 'storeId', op: 'notIn' as const, otherField: 'storeIds' };
    expect(conditionHolds(c, { storeId: 13, storeIds: [11, 12] })).toBe(true);
    expect(conditionHolds(c, { storeId: 12, storeIds: [11, 12] })).toBe(false);
    expect(conditionHolds(c, { storeId: 12, storeIds: null })).toBe(true);
    expect(conditionHolds({ ...c, op: 'in' }, { storeId: '11', storeIds: [11] })).toBe(true);
  });
});
