import { Empty, Skeleton, Tag, Timeline } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { callContract, isCancelError } from '@/runtime/request';
import { approvalTimeline } from '@/schema/contracts/approval';
import type { DataOf } from '@/schema/contracts/define';
import { formatDateTime } from '@/schema/format';
import { enumDef, enumItem } from '../catalogue';

type Approval = DataOf<typeof approvalTimeline>[number];

/** The label and tag colour of an enum value (workflow order status, approval action). */
function tag(enumName: string, value: unknown) {
  const def = enumDef(enumName);
  const item = def ? enumItem(def, value) : undefined;
  return <Tag color={item?.color}>{item?.label ?? String(value)}</Tag>;
}

/**
 * A document's approvals (issue 14), newest first, each with its timeline: who submitted, approved,
 * rejected, handed on or withdrew, when, with which comment; a running one names its current step.
 * Read from GET /api/v1/approval/timeline, which checks the reader may see the document.
 */
export function ApprovalTimeline({ resource, id }: { resource: string; id: unknown }) {
  const { t } = useTranslation();
  const [approvals, setApprovals] = useState<Approval[] | null>(null);
  useEffect(() => {
    let live = true;
    setApprovals(null);
    callContract(approvalTimeline, { query: { resource, id: String(id) } }, { silent: true })
      .then((data) => live && setApprovals(data))
      .catch((err: unknown) => {
        if (!isCancelError(err) && live) setApprovals([]);
      });
    return () => {
      live = false;
    };
  }, [resource, id]);
  return (
    <section className="fr-detail-child" data-section="approvals">
      <h4 className="fr-detail-heading">{t('details.approvals')}</h4>
      {approvals === null ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : approvals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noApprovals')} />
      ) : (
        approvals.map((a) => (
          <div key={a.id} className="fr-approval" data-approval={a.instanceCode}>
            <p className="fr-approval-head">
              {a.workflowTitle} · {a.instanceCode} {tag('workflowOrderStatus', a.status)}
              {a.stepTitle && a.status === 10 ? (
                <span className="fr-muted">{t('details.currentStep', { step: a.stepTitle })}</span>
              ) : null}
            </p>
            <Timeline
              items={a.records.map((r, i) => ({
                key: i,
                children: (
                  <div className="fr-approval-record">
                    <span>
                      {r.stepTitle} · {r.actorName} {tag('approvalAction', r.action)}
                    </span>
                    <span className="fr-muted">{formatDateTime(r.time)}</span>
                    {r.comment ? <div className="fr-approval-comment">{r.comment}</div> : null}
                  </div>
                ),
              }))}
            />
          </div>
        ))
      )}
    </section>
  );
}
