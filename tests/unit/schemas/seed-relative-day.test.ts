import { describe, expect, it } from 'vitest';
import { checkSeeds } from '../../../src/schema/seed/check';
import { generateRows } from '../../../src/schema/seed/generate';
import type { ResourceDef, SeedDef } from '../../../src/schema/types';

// Literal seed rows may date themselves relative to the day the database is seeded.
describe('relative days in literal seed rows', () => {
  const resource = {
    name: 'doc',
    title: '单据',
    table: 'doc',
    ownsTable: true,
    primaryKey: 'id',
    fields: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      name: { type: 'string', title: '名称' },
      dueDate: { type: 'string', format: 'date', title: '到期日期' },
      createTime: { type: 'string', format: 'date-time', title: '创建时间' },
    },
    children: {
      lines: {
        title: '明细',
        table: 'doc_line',
        foreignKey: 'docId',
        primaryKey: 'id',
        fields: {
          id: { type: 'integer', title: 'ID', readOnly: true },
          expiryDate: { type: 'string', format: 'date', title: '到期日期' },
        },
      },
    },
    endpoints: {},
  } as unknown as ResourceDef;
  const seed = (rows: unknown[]) => ({ name: 'doc', rows }) as unknown as SeedDef;

  it('{ "$day": … } is a day from the anchor; a date-time the start of that China day', () => {
    const [row] = generateRows({
      resource,
      seed: seed([
        {
          name: 'A',
          dueDate: { $day: '+20d' },
          createTime: { $day: '-1d' },
          lines: [{ expiryDate: { $day: 'today' } }, { expiryDate: { $day: '2027-01-31' } }],
        },
      ]),
      enums: new Map(),
      rowsOf: () => [],
      resourceOf: () => resource,
      anchor: '2026-11-20',
    });
    expect(row!.values).toMatchObject({
      name: 'A',
      dueDate: '2026-12-10',
      createTime: '2026-11-18T16:00:00.000Z',
    });
    expect(row!.children.lines!.map((l) => l.expiryDate)).toEqual(['2026-11-20', '2027-01-31']);
  });

  it('the seed check refuses a bad day and $day on a field that holds no date', () => {
    const problems = checkSeeds(
      new Map([['doc', seed([{ name: { $day: '+1d' }, lines: [{ expiryDate: { $day: 'tomorrow' } }] }])]]),
      new Map([['doc', resource]]),
      new Map(),
    );
    expect(problems).toEqual([
      {
        file: 'seed/doc.json',
        path: '/rows/0/name',
        message: '"name" is no date or date-time field: $day does not apply',
      },
      {
        file: 'seed/doc.json',
        path: '/rows/0/lines/0/expiryDate/$day',
        message: '"tomorrow" is no day: YYYY-MM-DD, today, -90d or +30d',
      },
    ]);
  });
});
