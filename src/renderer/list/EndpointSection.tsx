import { Alert, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { api, isCancelError } from '@/runtime/request';
import type { DetailSection } from '@/schema/resolve/page';
import { fillPath } from '../data/provider';
import type { Row } from '../schema-types';
import { ChildList } from './detail-parts';

/**
 * A related list of the detail (page detail.sections): its endpoint called with the row's values in
 * the path's :parameters, the answer (an array, or { list }) shown as a table of the section's columns.
 */
export function EndpointSection({ section, row }: { section: DetailSection; row: Row }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const path = fillPath(section.endpoint.path, row);
  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setFailed(false);
    api
      .get<Row[] | { list: Row[] }>(path, {}, { signal: controller.signal })
      .then((data) => setRows(Array.isArray(data) ? data : (data?.list ?? [])))
      .catch((err: unknown) => {
        if (!isCancelError(err)) setFailed(true);
      });
    return () => controller.abort();
  }, [path]);
  if (failed)
    return (
      <section className="fr-detail-child" data-child={section.name}>
        <h4 className="fr-detail-heading">{section.title}</h4>
        <Alert type="warning" showIcon message={`${section.title}加载失败`} />
      </section>
    );
  if (!rows) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <ChildList table={section} rows={rows} />;
}
