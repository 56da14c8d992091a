import { Table, type TableColumnType, type TableProps } from 'antd';
import { memo, useMemo } from 'react';
import type { Row } from '../schema-types';
import type { Density } from './column-prefs';

export const SELECTION_WIDTH = 48;

export interface ListTableProps {
  rowKey: string;
  density: Density;
  columns: TableColumnType<Row>[];
  rows: Row[];
  loading: boolean;
  scrollX: number;
  height: number;
  /** Whether rows can be selected (the page has permitted batch actions). */
  selectable: boolean;
  selectedKeys: React.Key[];
  onSelect(rows: Row[]): void;
  pageNo: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onChange: NonNullable<TableProps<Row>['onChange']>;
}

const showTotal = (total: number) => `共 ${total} 条`;

/**
 * The list's virtual antd table, memoised apart from the page: it re-renders only when its own inputs
 * change (rows, selection, paging, columns, size), not when the search form, toolbar, drawer or modal
 * do. Every object antd compares by identity (scroll, rowSelection, pagination) is memoised, because a
 * new one makes the virtual table rebuild its columns and re-render every visible row.
 */
export const ListTable = memo(function ListTable({
  rowKey,
  density,
  columns,
  rows,
  loading,
  scrollX,
  height,
  selectable,
  selectedKeys,
  onSelect,
  pageNo,
  pageSize,
  total,
  pageSizes,
  onChange,
}: ListTableProps) {
  const scroll = useMemo(() => ({ x: scrollX, y: height }), [scrollX, height]);
  const rowSelection = useMemo<TableProps<Row>['rowSelection']>(
    () =>
      selectable
        ? {
            fixed: true,
            columnWidth: SELECTION_WIDTH,
            selectedRowKeys: selectedKeys,
            onChange: (_keys, selected) => onSelect(selected),
          }
        : undefined,
    [selectable, selectedKeys, onSelect],
  );
  const pagination = useMemo<TableProps<Row>['pagination']>(
    () => ({
      current: pageNo,
      pageSize,
      total,
      pageSizeOptions: pageSizes.map(String),
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal,
    }),
    [pageNo, pageSize, total, pageSizes],
  );
  return (
    <Table<Row>
      virtual
      rowKey={rowKey}
      size={density}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={scroll}
      onChange={onChange}
      rowSelection={rowSelection}
      pagination={pagination}
    />
  );
});
