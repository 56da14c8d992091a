import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stockMoveProblems } from '../../../src/schema/effects';
import type { ResourceDef } from '../../../src/schema/types';

const read = (name: string) =>
  JSON.parse(fs.readFileSync(`schemas/resources/${name}.json`, 'utf8')) as ResourceDef;
const enums = new Map([
  ['stockMoveType', JSON.parse(fs.readFileSync('schemas/enums/stockMoveType.json', 'utf8')) as never],
]);

// Issue 16.7: a stock move without forEach is the document's own (a one-commodity replenishment order):
// its slots read the row ("$row.x"); a "$line.x" slot or a lineWhen has no line to read and is named.
describe('schema lint of a stock move without forEach', () => {
  const replenishment = read('replenishment');
  const catalog = {
    resources: new Map([
      ['stock', read('stock')],
      ['stockLedger', read('stockLedger')],
      ['replenishment', replenishment],
    ]),
    enums,
  };
  const finish = () =>
    structuredClone(replenishment.states!.transitions.find((t) => t.name === 'finish')!.stock![0]!);

  it('passes the replenishment order as written', () => {
    expect(finish().forEach).toBeUndefined();
    expect(stockMoveProblems(finish(), replenishment, catalog)).toEqual([]);
  });

  it('names a line slot, a line condition and a missing row field', () => {
    const move = finish();
    move.quantity = '$line.quantity';
    move.lineWhen = { field: 'quantity', op: 'gt', value: 0 };
    move.toShelf = '$row.pickShelf';
    expect(stockMoveProblems(move, replenishment, catalog)).toEqual([
      { path: '/lineWhen', message: 'lineWhen needs forEach (the lines it chooses among)' },
      { path: '/quantity', message: '"$line.quantity" reads a line, but the move has no forEach' },
      { path: '/toShelf', message: 'resource "replenishment" has no field "pickShelf"' },
    ]);
  });
});
