import { Table, type TableColumnsType } from 'antd';
import { listPagination, mergePicked, type usePagedList } from './usePagedList';

interface Props<R, P> {
  list: ReturnType<typeof usePagedList<object, R>>;
  columns: TableColumnsType<R>;
  rowKey: (r: R) => number;
  picked: P[];
  keyOfPicked: (p: P) => number;
  toPicked: (r: R) => P;
  onPick: (picked: P[]) => void;
}

/** The table of a receiver picker: a paged list whose ticks are kept across pages. */
export function PickerTable<R extends object, P>({
  list,
  columns,
  rowKey,
  picked,
  keyOfPicked,
  toPicked,
  onPick,
}: Props<R, P>) {
  return (
    <Table<R>
      rowKey={rowKey}
      size="small"
      loading={list.loading}
      dataSource={list.rows}
      columns={columns}
      rowSelection={{
        preserveSelectedRowKeys: true,
        selectedRowKeys: picked.map(keyOfPicked),
        onChange: (_, rows) => onPick(mergePicked(picked, keyOfPicked, list.rows, rows, rowKey, toPicked)),
      }}
      pagination={listPagination(list)}
    />
  );
}
