import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { sameRow } from '@/renderer/list/row-memo';

// Issue 21.3/21.4: a virtual table's row skips re-rendering its cells when only the objects a render
// recreates (style, row info, its column keys, handlers) are new.
function Cell() {
  return null;
}
const record = { id: 1, code: 'JH1' };
const column = { key: 'code', dataIndex: 'code' };
const rowInfo = (over: Record<string, unknown> = {}) => ({
  prefixCls: 'ant-table',
  columnsKey: ['code'],
  expanded: false,
  onTriggerExpand: () => undefined,
  rowProps: { className: '', onClick: () => undefined },
  ...over,
});
const row = (over: Record<string, unknown> = {}, cell: Record<string, unknown> = {}) => ({
  'data-row-key': 1,
  className: 'ant-table-row',
  style: { width: 1200 },
  onClick: () => undefined,
  children: [createElement(Cell, { key: 0, record, column, index: 0, rowInfo: rowInfo(), ...cell })],
  ...over,
});

describe('sameRow', () => {
  it('holds for a render that only recreated objects', () => {
    expect(sameRow(row(), row())).toBe(true);
  });

  it('fails when the row or a cell shows something else', () => {
    expect(sameRow(row(), row({ style: { width: 1300 } }))).toBe(false);
    expect(sameRow(row(), row({ className: 'ant-table-row x' }))).toBe(false);
    expect(sameRow(row(), row({}, { record: { ...record } }))).toBe(false);
    expect(sameRow(row(), row({}, { column: { ...column } }))).toBe(false);
    expect(sameRow(row(), row({}, { index: 1 }))).toBe(false);
    expect(sameRow(row(), row({}, { rowInfo: rowInfo({ expanded: true }) }))).toBe(false);
    expect(sameRow(row(), row({}, { rowInfo: rowInfo({ columnsKey: ['code', 'x'] }) }))).toBe(false);
    expect(
      sameRow(row(), row({}, { rowInfo: rowInfo({ rowProps: { className: 'odd', onClick: () => 1 } }) })),
    ).toBe(false);
    expect(sameRow(row(), row({ children: [] }))).toBe(false);
  });
});
