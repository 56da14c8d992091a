import { Descriptions, Drawer, Skeleton, Table, type TableColumnType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { isCancelError } from '@/runtime/request';
import type { DataProvider } from '../data/provider';
import type { ResourceDef, Row } from '../schema-types';
import { DEFAULT_WIDTH } from '@/schema/resolve/columns';
import type { ChildTable } from '@/schema/resolve/page';
import { widgetFor } from './columns';
import type { ResolvedColumn } from '../widgets/types';
import { isValueType } from '@/schema/value-types';

export interface DetailDrawerProps {
  row: Row | null;
  title: string;
  fields: ResolvedColumn[];
  children: ChildTable[];
  resource?: ResourceDef;
  provider: DataProvider;
  /** The user may call the get endpoint; without it the drawer shows the list row. */
  canGet: boolean;
  onClose(): void;
}

function Value({ column, row }: { column: ResolvedColumn; row: Row }) {
  const Widget = widgetFor(column);
  return <Widget value={row[column.field]} row={row} column={column} />;
}

function childColumns(columns: ResolvedColumn[]): TableColumnType<Row>[] {
  return [
    { key: '#', title: '序号', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    ...columns.map((c) => ({
      key: c.field,
      dataIndex: c.field,
      title: c.title,
      width: c.width ?? (isValueType(c.valueType) ? DEFAULT_WIDTH[c.valueType] : 140),
      ellipsis: c.valueType === 'text',
      align: ['money', 'quantity', 'digit', 'fileSize'].includes(c.valueType)
        ? ('right' as const)
        : undefined,
      render: (_v: unknown, row: Row) => <Value column={c} row={row} />,
    })),
  ];
}

function ChildList({ table, rows }: { table: ChildTable; rows: Row[] }) {
  const columns = useMemo(() => childColumns(table.columns), [table]);
  const width = columns.reduce((n, c) => n + (Number(c.width) || 120), 0);
  const many = rows.length > 50;
  return (
    <section className="fr-detail-child" data-child={table.name}>
      <h4 className="fr-detail-heading">
        {table.title}
        <span className="fr-muted">（共 {rows.length} 行）</span>
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

/** A row's detail (page `detail`): its fields, then its child tables (e.g. itemList). */
export function DetailDrawer({
  row,
  title,
  fields,
  children,
  resource,
  provider,
  canGet,
  onClose,
}: DetailDrawerProps) {
  const [full, setFull] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setFull(null);
    if (!row || !canGet || !resource?.endpoints.get) return;
    let live = true;
    setLoading(true);
    provider
      .getOne(row)
      .then((data) => live && setFull(data))
      .catch((err: unknown) => {
        if (!isCancelError(err)) console.debug('detail not loaded', err);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [row, canGet, resource, provider]);
  const data = full ?? row ?? {};
  const name = resource ? data[resource.displayField ?? resource.primaryKey] : undefined;
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      width={children.length ? 960 : 640}
      title={name !== undefined ? `${title}：${String(name)}` : title}
      destroyOnHidden
      rootClassName="fr-detail-drawer"
    >
      <Descriptions bordered size="small" column={2} className="fr-detail-fields">
        {fields.map((c) => (
          // Rich text (a notice's content) reads best across the whole drawer.
          <Descriptions.Item key={c.field} label={c.title} span={c.valueType === 'richText' ? 2 : 1}>
            <Value column={c} row={data} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      {children.map((table) =>
        loading && !full ? (
          <Skeleton key={table.name} active paragraph={{ rows: 4 }} />
        ) : (
          <ChildList
            key={table.name}
            table={table}
            rows={Array.isArray(data[table.name]) ? (data[table.name] as Row[]) : []}
          />
        ),
      )}
    </Drawer>
  );
}
