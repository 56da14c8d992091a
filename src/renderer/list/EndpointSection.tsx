import { Alert, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '@/i18n';
import { api, isCancelError } from '@/runtime/request';
import type { DetailSection } from '@/schema/resolve/page';
import { loadResource } from '../catalogue';
import { fillPath } from '../data/provider';
import { heldPermissions, holds } from '../permissions';
import type { Row } from '../schema-types';
import { ChildList } from './detail-parts';

/** What a section reads: a GET path, or a related resource's list endpoint with its filters. */
type Source = { kind: 'get'; path: string } | { kind: 'list'; path: string; body: Record<string, unknown> };

/**
 * The related resource's list call for the row (detail.sections[].related): its filters given the
 * row's fields, the latest rows by the resource's default sort. Null when the user may not list it.
 */
async function relatedSource(section: DetailSection, row: Row): Promise<Source | null> {
  const related = section.related!;
  const r = await loadResource(related.resource);
  const list = r.endpoints.list;
  if (!list || !holds(heldPermissions(), list.permission)) return null;
  const filters = Object.fromEntries(Object.entries(related.filter).map(([f, field]) => [f, row[field]]));
  return { kind: 'list', path: list.path, body: { pageNo: 1, pageSize: related.pageSize ?? 10, ...filters } };
}

/**
 * A related list of the detail (page detail.sections): its endpoint called with the row's values in
 * the path's :parameters, the answer (an array, or { list }) shown as a table of the section's columns;
 * or the latest rows of a related resource that refer to the row, through that resource's own list
 * endpoint (its permission and scope), with how many there are in all.
 */
export function EndpointSection({ section, row }: { section: DetailSection; row: Row }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState<number | undefined>();
  const [hidden, setHidden] = useState(false);
  const [failed, setFailed] = useState(false);
  const key = section.endpoint
    ? fillPath(section.endpoint.path, row)
    : JSON.stringify(Object.values(section.related?.filter ?? {}).map((field) => row[field]));
  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setFailed(false);
    const source: Promise<Source | null> = section.endpoint
      ? Promise.resolve({ kind: 'get', path: fillPath(section.endpoint.path, row) })
      : relatedSource(section, row);
    source
      .then(async (s) => {
        if (!s) {
          setHidden(true);
          return;
        }
        const data =
          s.kind === 'get'
            ? await api.get<Row[] | { list: Row[] }>(s.path, {}, { signal: controller.signal })
            : await api.post<{ list: Row[]; total: number }>(s.path, s.body, { signal: controller.signal });
        setRows(Array.isArray(data) ? data : (data?.list ?? []));
        setTotal(Array.isArray(data) ? undefined : (data as { total?: number } | undefined)?.total);
      })
      .catch((err: unknown) => {
        if (!isCancelError(err)) setFailed(true);
      });
    return () => controller.abort();
    // The section and the row's key fields decide what is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [section, key]);
  if (hidden) return null;
  if (failed)
    return (
      <section className="fr-detail-child" data-child={section.name}>
        <h4 className="fr-detail-heading">{section.title}</h4>
        <Alert type="warning" showIcon message={t('details.sectionFailed', { title: section.title })} />
      </section>
    );
  if (!rows) return <Skeleton active paragraph={{ rows: 3 }} />;
  const shown = rows.length;
  const title =
    total !== undefined && total > shown
      ? t('list.relatedLatest', { title: section.title, shown, total })
      : section.title;
  return <ChildList table={{ ...section, title }} rows={rows} />;
}
