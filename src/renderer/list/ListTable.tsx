import { Table, type TableColumnType, type TableProps } from 'antd';
import { type Key, memo, useLayoutEffect, useMemo, useState } from 'react';
import { nestRows, type TreeNode } from '@/schema/tree';
import type { Row } from '../schema-types';
import type { Density } from './column-prefs';
import { ROW_COMPONENTS, SELECTABLE_COMPONENTS, SelectionContext, selectionColumn } from './SelectionColumn';
import type { SelectionStore } from './selection-store';
import { t } from '@/i18n';

export { SELECTION_WIDTH } from './SelectionColumn';

export interface ListTableProps {
  rowKey: string;
  density: Density;
  columns: TableColumnType<Row>[];
  rows: Row[];
  loading: boolean;
  scrollX: number;
  height: number;
  /** The row selection, where rows can be selected (the page has permitted batch actions). */
  selection: SelectionStore | null;
  pageNo: number;
  pageSize: number;
  total: number;
  /** false: total is an estimate (more rows match than the server counts), shown as such. */
  totalExact: boolean;
  pageSizes: readonly number[];
  /** A tree page (page.tree): nest the rows by these fields, no paging. */
  tree?: { key: string; parent: string };
  onChange: NonNullable<TableProps<Row>['onChange']>;
}

const showTotal = (total: number) => t('list.total', { total });
// Above LIST_EXACT_COUNT rows the server estimates the total (totalExact false).
const showEstimate = (total: number) => t('list.totalEstimate', { total });

/** Where nested rows go: a name no resource field has, so a row's own data is never shadowed. */
const CHILDREN = '__children';

function nestForTable(rows: Row[], tree: { key: string; parent: string }): Row[] {
  const toRows = (nodes: TreeNode<Row>[]): Row[] =>
    nodes.map((n) => (n.children.length ? { ...n.row, [CHILDREN]: toRows(n.children) } : n.row));
  return toRows(nestRows(rows, tree.key, tree.parent));
}

/**
 * The list's virtual antd table, memoised apart from the page: it re-renders only when its own inputs
 * change (rows, selection, paging, columns, size), not when the search form, toolbar, drawer or modal
 * do. Every object antd compares by identity (scroll, columns, pagination) is memoised, because a
 * new one makes the virtual table rebuild its columns and re-render every visible row. The selection is
 * not a prop of antd's table but a column of our own over a store (SelectionColumn), so a tick does
 * not re-render the table at all.
 */
export const ListTable = memo(function ListTable({
  rowKey,
  density,
  columns,
  rows,
  loading,
  scrollX,
  height,
  selection,
  pageNo,
  pageSize,
  total,
  totalExact,
  pageSizes,
  tree,
  onChange,
}: ListTableProps) {
  const scroll = useMemo(() => ({ x: scrollX, y: height }), [scrollX, height]);
  const allColumns = useMemo(
    () => (selection ? [selectionColumn(rowKey), ...columns] : columns),
    [selection, rowKey, columns],
  );
  useLayoutEffect(() => selection?.setPage(rows, rowKey), [selection, rows, rowKey]);
  // A tree page nests its rows (one page holds the whole tree) and opens the top two levels.
  const nested = useMemo(() => (tree ? nestForTable(rows, tree) : undefined), [rows, tree]);
  // The rows arrive after the first render: the top level opens once they are there, then the user's
  // clicks decide (a reload keeps what is open).
  const [expanded, setExpanded] = useState<readonly Key[] | undefined>();
  const shown = expanded ?? (nested?.length ? nested.map((r) => r[rowKey] as Key) : undefined);
  const expandable = useMemo<TableProps<Row>['expandable']>(
    () =>
      nested
        ? {
            childrenColumnName: CHILDREN,
            expandedRowKeys: shown ?? [],
            onExpandedRowsChange: setExpanded,
            indentSize: 20,
          }
        : undefined,
    [nested, shown],
  );
  const pagination = useMemo<TableProps<Row>['pagination']>(
    () => ({
      current: pageNo,
      pageSize,
      total,
      pageSizeOptions: pageSizes.map(String),
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal: totalExact ? showTotal : showEstimate,
    }),
    [pageNo, pageSize, total, totalExact, pageSizes],
  );
  return (
    <SelectionContext.Provider value={selection}>
      <Table<Row>
        virtual
        rowKey={rowKey}
        size={density}
        columns={allColumns}
        dataSource={nested ?? rows}
        expandable={expandable}
        loading={loading}
        scroll={scroll}
        onChange={onChange}
        components={selection ? SELECTABLE_COMPONENTS : ROW_COMPONENTS}
        pagination={tree ? false : pagination}
      />
    </SelectionContext.Provider>
  );
});
