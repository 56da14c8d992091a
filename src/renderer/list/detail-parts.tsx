import { Table, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { t as text, useTranslation } from '@/i18n';
import { DEFAULT_WIDTH } from '@/schema/resolve/columns';
import type { ChildTable } from '@/schema/resolve/page';
import { isValueType } from '@/schema/value-types';
import type { Row } from '../schema-types';
import type { ResolvedColumn } from '../widgets/types';
import { widgetFor } from './columns';

/** The pieces of a detail view, shared by the row's own detail and a document it stands for. */
export function Value({ column, row, detail }: { column: ResolvedColumn; row: Row; detail?: boolean }) {
  const Widget = widgetFor(column);
  return <Widget value={row[column.field]} row={row} column={column} detail={detail} />;
}

function childColumns(columns: ResolvedColumn[]): TableColumnType<Row>[] {
  return [
    { key: '#', title: text('details.index'), width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    ...columns.map((c) => ({
      key: c.field,
      dataIndex: c.field,
      title: c.title,
      width: c.width ?? (isValueType(c.valueType) ? DEFAULT_WIDTH[c.valueType] : 140),
      ellipsis: c.valueType === 'text',
      align: ['money', 'quantity', 'digit', 'fileSize', 'percent'].includes(c.valueType)
        ? ('right' as const)
        : undefined,
      render: (_v: unknown, row: Row) => <Value column={c} row={row} />,
    })),
  ];
}

export function ChildList({ table, rows }: { table: ChildTable; rows: Row[] }) {
  const { t } = useTranslation();
  const columns = useMemo(() => childColumns(table.columns), [table]);
  const width = columns.reduce((n, c) => n + (Number(c.width) || 120), 0);
  const many = rows.length > 50;
  return (
    <section className="fr-detail-child" data-child={table.name}>
      <h4 className="fr-detail-heading">
        {table.title}
        <span className="fr-muted">{t('details.rowCount', { n: rows.length })}</span>
      </h4>
      <Table<Row>
        size="small"
        bordered
        rowKey={(r) => String(r.id ?? r.lineNo ?? JSON.stringify(r))}
        columns={columns}
        dataSource={rows}
        pagination={false}
        // Long item lists (up to 500 lines) scroll inside the drawer, rendering only what is visible.
        virtual={many}
        scroll={many ? { x: width, y: 420 } : { x: width }}
      />
    </section>
  );
}
