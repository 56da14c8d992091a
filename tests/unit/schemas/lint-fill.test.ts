import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transitionExtraProblems } from '../../../src/schema/check-fill';
import type { FillDef } from '../../../src/generated/schema-files';
import type { ResourceDef } from '../../../src/schema/types';

const read = (name: string) =>
  JSON.parse(fs.readFileSync(`schemas/resources/${name}.json`, 'utf8')) as ResourceDef;

// Issue 16.5: a transition's fill names a child, a resource, its filters and fields that exist; a
// schedule names a date or date-time field (`at` a date field); a stock move's `when` a field of the document.
describe('schema lint of fill, schedule and stock-move conditions', () => {
  const stocktake = read('stocktake');
  const resources = new Map([
    ['stock', read('stock')],
    ['stocktake', stocktake],
  ]);
  const transition = (name: string) => stocktake.states!.transitions.find((t) => t.name === name)!;

  it('passes the stocktake as written', () => {
    for (const t of stocktake.states!.transitions)
      expect(transitionExtraProblems(t, stocktake, resources)).toEqual([]);
  });

  it('checks each fill of a list under its index, with its condition and between pairs', () => {
    const start = structuredClone(transition('start'));
    const one = start.fill as FillDef;
    start.fill = [
      one,
      {
        ...one,
        when: { field: 'kind', op: 'eq', value: 1 },
        filters: { expiry: ['$row.from', '$row.deadline'] },
      },
    ];
    expect(transitionExtraProblems(start, stocktake, resources)).toEqual([
      { path: '/fill/1/filters/expiry', message: 'resource "stock" has no filter "expiry"' },
      { path: '/fill/1/filters/expiry', message: '"$row.from" is no field of "stocktake" ("$row.x")' },
      { path: '/fill/1/when/field', message: 'resource "stocktake" has no field "kind"' },
    ]);
  });

  it('names each broken reference with its path', () => {
    const start = structuredClone(transition('start'));
    const fill = start.fill as FillDef;
    fill.child = 'lines';
    fill.filters = { warehouse: '$row.warehouseId', shelfCode: '$row.shelf' };
    fill.where = { field: 'qty', op: 'gt', value: 0 };
    fill.values = { stockId: 'stockKey' };
    fill.orderBy = ['shelf'];
    start.stock![0]!.when = { field: 'freeze', op: 'eq', value: true };
    expect(transitionExtraProblems(start, stocktake, resources)).toEqual([
      { path: '/stock/0/when/field', message: 'resource "stocktake" has no field "freeze"' },
      { path: '/fill/child', message: 'no child "lines"' },
      { path: '/fill/filters/warehouse', message: 'resource "stock" has no filter "warehouse"' },
      { path: '/fill/filters/shelfCode', message: '"$row.shelf" is no field of "stocktake" ("$row.x")' },
      { path: '/fill/where/field', message: 'resource "stock" has no field "qty"' },
      { path: '/fill/orderBy/0', message: 'resource "stock" has no field "shelf"' },
      { path: '/fill/values/stockId', message: 'resource "stock" has no field "stockKey"' },
    ]);
    const expire = structuredClone(transition('expire'));
    expire.schedule = { after: 'remark' };
    expect(transitionExtraProblems(expire, stocktake, resources)).toEqual([
      { path: '/schedule/after', message: '"remark" is no date or date-time field' },
    ]);
    // `at` (start or end of the day) is for a date field; the deadline is a date-time.
    expire.schedule = { after: 'deadline', at: 'start' };
    expect(transitionExtraProblems(expire, stocktake, resources)).toEqual([
      { path: '/schedule/at', message: '"at" applies to a date field only' },
    ]);
  });
});
