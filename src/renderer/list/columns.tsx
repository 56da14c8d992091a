import type { TableColumnType } from 'antd';
import type { ComponentType } from 'react';
import { memo } from 'react';
import { cellWidget } from '../registry';
import type { Row, SortItem } from '../schema-types';
import type { CellProps, ResolvedColumn } from '../widgets/types';
import { UnknownWidget } from '../widgets/UnknownWidget';
import type { ColumnPrefs } from './column-prefs';

/** Numbers read best right-aligned. */
const RIGHT_ALIGNED = new Set(['money', 'quantity', 'digit', 'fileSize', 'percent']);

const unknownCells = new Map<string, ComponentType<CellProps>>();

/** The registry's widget, or (for an unknown value type) the loud failure bound to the column's file. */
export function widgetFor(column: ResolvedColumn): ComponentType<CellProps> {
  const found = cellWidget(column.valueType);
  if (found) return found;
  const key = `${column.source.file}#${column.source.path}#${column.valueType}`;
  let bound = unknownCells.get(key);
  if (!bound) {
    bound = memo(function UnknownCell() {
      return <UnknownWidget kind="valueType" name={column.valueType} source={column.source} />;
    });
    unknownCells.set(key, bound);
  }
  return bound;
}

/** Cells re-render only when their row object changes (new data), not on selection or hover. */
const rowChanged = (record: Row, previous: Row) => record !== previous;

/**
 * The antd columns of a list: in the user's order, without the columns he hid, sorting only where the
 * page offers it and the resource allows it (url.sortable), the sort order controlled by the state.
 * Built once per change of those inputs (useMemo in the caller): the render functions do not close
 * over per-row values, and every cell is a memoised widget.
 */
export function tableColumns(
  columns: ResolvedColumn[],
  prefs: ColumnPrefs,
  sortable: readonly string[],
  sort: SortItem[],
): TableColumnType<Row>[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return prefs.order
    .filter((f) => !prefs.hidden.includes(f))
    .map((f) => byField.get(f))
    .filter((c): c is ResolvedColumn => !!c)
    .map((c) => {
      const Widget = widgetFor(c);
      const order = sort.find((s) => s.field === c.field)?.order ?? null;
      const canSort = sortable.includes(c.field);
      return {
        key: c.field,
        dataIndex: c.field,
        title: c.title,
        width: c.width,
        fixed: c.fixed,
        ellipsis: c.ellipsis ?? (c.valueType === 'text' || c.valueType === 'link'),
        align: RIGHT_ALIGNED.has(c.valueType) ? 'right' : undefined,
        sorter: canSort,
        sortOrder: canSort ? order : undefined,
        shouldCellUpdate: rowChanged,
        render: (value: unknown, row: Row) => <Widget value={value} row={row} column={c} />,
      } satisfies TableColumnType<Row>;
    });
}
