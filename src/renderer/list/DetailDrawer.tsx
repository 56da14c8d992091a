import { Descriptions, Drawer, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { isCancelError } from '@/runtime/request';
import type { DataProvider } from '../data/provider';
import type { ResourceDef, Row } from '../schema-types';
import type { DetailDocumentDef } from '@/generated/schema-files';
import type { ChildTable, DetailSection } from '@/schema/resolve/page';
import type { ResolvedColumn } from '../widgets/types';
import { ApprovalTimeline } from './ApprovalTimeline';
import { ChildList, Value } from './detail-parts';
import { DocumentSection } from './DocumentSection';
import { EndpointSection } from './EndpointSection';
import { PrivateFileLink } from '../widgets/PrivateFileUpload';
import { DetailActions, useDetailActions } from './RowActions';

export interface DetailDrawerProps {
  row: Row | null;
  title: string;
  fields: ResolvedColumn[];
  children: ChildTable[];
  resource?: ResourceDef;
  provider: DataProvider;
  /** The user may call the get endpoint; without it the drawer shows the list row. */
  canGet: boolean;
  /** Show the row's approvals (page detail.approvals). */
  approvals?: boolean;
  /** The row stands for another document (page detail.document): show it and its approvals. */
  document?: DetailDocumentDef;
  /** Related lists from declared endpoints (page detail.sections), those the user may call. */
  sections?: DetailSection[];
  onClose(): void;
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
  approvals,
  document,
  sections = [],
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
  const actions = useDetailActions(row ? data : null);
  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      width={children.length || sections.length || document ? 960 : 640}
      title={name !== undefined ? `${title}：${String(name)}` : title}
      destroyOnHidden
      rootClassName="fr-detail-drawer"
      footer={row && actions.length ? <DetailActions row={data} visible={actions} onDone={onClose} /> : null}
    >
      <Descriptions bordered size="small" column={2} className="fr-detail-fields">
        {fields.map((c) => (
          // Rich text (a notice's content) reads best across the whole drawer.
          <Descriptions.Item key={c.field} label={c.title} span={c.valueType === 'richText' ? 2 : 1}>
            {resource?.fields[c.field]?.['x-file'] ? (
              <PrivateFileLink
                resource={resource.name}
                field={c.field}
                id={data[resource.primaryKey]}
                value={data[c.field]}
              />
            ) : (
              <Value column={c} row={data} detail />
            )}
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
      {row ? sections.map((s) => <EndpointSection key={s.name} section={s} row={data} />) : null}
      {approvals && resource && row ? (
        <ApprovalTimeline resource={resource.name} id={data[resource.primaryKey]} />
      ) : null}
      {document && row && data[document.resourceField] ? (
        <DocumentSection
          resource={String(data[document.resourceField])}
          id={data[document.idField]}
          {...(document.title ? { title: document.title } : {})}
        />
      ) : null}
    </Drawer>
  );
}
