import { Alert, Descriptions, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { t as text, useTranslation } from '@/i18n';
import { isCancelError } from '@/runtime/request';
import { guessValueType, type ResolvedColumn } from '@/schema/resolve/columns';
import { readableFields } from '@/schema/request-schemas';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';
import type { ResourceDef, Row } from '../schema-types';
import { ApprovalTimeline } from './ApprovalTimeline';
import { PrivateFileLink } from '../widgets/PrivateFileUpload';
import { ChildList, Value } from './detail-parts';

/** Every readable field of a resource as a detail column (value type guessed from the field). */
function columnsOf(r: ResourceDef, fields: ResourceDef['fields']): ResolvedColumn[] {
  const file = `schemas/resources/${r.name}.json`;
  return readableFields(fields).map((name) => ({
    field: name,
    title: fields[name]!.title ?? name,
    valueType: guessValueType(fields[name]),
    enum: fields[name]!['x-enum'],
    source: { file, path: `/fields/${name}` },
  }));
}

/**
 * The document a row stands for (page detail.document): an approval task shows the transfer or the
 * expense request it decides, read through that resource's own get endpoint (so its permission and
 * scope apply), with its lines and its approvals.
 */
export function DocumentSection({ resource, id, title }: { resource: string; id: unknown; title?: string }) {
  const { t } = useTranslation();
  const [r, setR] = useState<ResourceDef | null>(null);
  const [doc, setDoc] = useState<Row | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setDoc(null);
    setFailed(null);
    loadResource(resource)
      .then(async (def) => {
        if (!live) return;
        setR(def);
        const row = await resourceProvider(def).getOne({ [def.primaryKey]: id });
        if (live) setDoc(row);
      })
      .catch((err: unknown) => {
        if (!isCancelError(err) && live) setFailed(text('details.documentFailed'));
      });
    return () => {
      live = false;
    };
  }, [resource, id]);
  const fields = useMemo(() => (r ? columnsOf(r, r.fields) : []), [r]);
  const children = useMemo(
    () =>
      r
        ? Object.entries(r.children ?? {}).map(([name, c]) => ({
            name,
            title: c.title,
            columns: columnsOf(r, c.fields).filter(
              (x) => x.field !== c.primaryKey && x.field !== c.foreignKey,
            ),
          }))
        : [],
    [r],
  );
  return (
    <section className="fr-detail-document" data-section="document">
      <h4 className="fr-detail-heading">{title ?? r?.title ?? t('details.document')}</h4>
      {failed ? (
        <Alert type="warning" showIcon message={failed} />
      ) : !doc || !r ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <Descriptions bordered size="small" column={2} className="fr-detail-fields">
            {fields.map((c) => (
              <Descriptions.Item key={c.field} label={c.title}>
                {r.fields[c.field]?.['x-file'] ? (
                  <PrivateFileLink
                    resource={r.name}
                    field={c.field}
                    id={doc[r.primaryKey]}
                    value={doc[c.field]}
                  />
                ) : (
                  <Value column={c} row={doc} />
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {children.map((table) => (
            <ChildList
              key={table.name}
              table={table}
              rows={Array.isArray(doc[table.name]) ? (doc[table.name] as Row[]) : []}
            />
          ))}
        </>
      )}
      <ApprovalTimeline resource={resource} id={id} />
    </section>
  );
}
