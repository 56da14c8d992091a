import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import type { JobKind } from '@/schema/contracts/exports';
import { formatDateTime } from '@/schema/format';
import {
  cancelJob,
  EXPORT_STARTED,
  type ExportJob,
  fetchJobs,
  fetchLink,
  batchResult,
  formatFileSize,
  importResult,
  isActive,
} from './api';
import { JobProgress } from './JobProgress';

const STATUS_COLOR: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
};
/** While a job waits or runs, the list refreshes itself this often; it stops when nothing runs. */
const REFRESH_MS = 1000;

/** An import's row-numbered errors (the first ones; all of them are in its errors file). */
function RowErrors({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const result = importResult(job);
  const errors = result?.errors ?? [];
  return (
    <Table
      size="small"
      rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
      pagination={false}
      dataSource={errors}
      data-row-errors={job.id}
      columns={[
        { title: t('jobs.row'), dataIndex: 'row', width: 80 },
        { title: t('jobs.column'), dataIndex: 'column', width: 140 },
        { title: t('jobs.errorMessage'), dataIndex: 'message' },
      ]}
      footer={
        result && result.errorCount > errors.length
          ? () => t('jobs.moreErrors', { n: result.errorCount })
          : undefined
      }
    />
  );
}

/** A batch job's refused rows and why (the first ones; all of them are in its file). */
function Refusals({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const result = batchResult(job);
  const refused = result?.refused ?? [];
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={refused}
      data-refusals={job.id}
      columns={[
        { title: t('jobs.id'), dataIndex: 'id', width: 100 },
        { title: t('jobs.name'), dataIndex: 'name', width: 200 },
        { title: t('jobs.refusal'), dataIndex: 'message' },
      ]}
      footer={
        result && result.refusedCount > refused.length
          ? () => t('jobs.moreRefused', { n: result.refusedCount })
          : undefined
      }
    />
  );
}

/** What a finished job did, in the progress column. */
function Outcome({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const imported = importResult(job);
  if (imported && imported.errorCount > 0)
    return (
      <span data-error-count>
        {imported.created > 0
          ? t('jobs.importedWithErrors', { created: imported.created, errors: imported.errorCount })
          : t('jobs.errors', { errors: imported.errorCount })}
      </span>
    );
  const batch = batchResult(job);
  if (batch)
    return (
      <span
        data-batch-outcome
      >{`${t('jobs.batchDone', { done: batch.done })}${batch.refusedCount ? t('jobs.batchRefused', { n: batch.refusedCount }) : ''}`}</span>
    );
  return <>{t('jobs.rows', { n: job.rowCount })}</>;
}

/**
 * The data export centre (SPEC 2.11 /admin/importExport/exportCenterList) and the import centre beside
 * it (issue 23.2): my jobs of the kind with status, a progress bar while they run, a cancel button,
 * counts, size and times; a finished file (the export, or an import's errors) downloads through a
 * single-use link; an import's errors are listed by row and column under its row.
 */
export default function ExportCenterPage({ kind = 'export' }: { kind?: JobKind }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 20 });
  const [rows, setRows] = useState<ExportJob[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<number>();

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const data = await fetchJobs(paging.pageNo, paging.pageSize, kind);
        setRows(data.list);
        setTotal(data.total);
      } catch {
        // shown by the request layer
      } finally {
        if (!quiet) setLoading(false);
      }
    },
    [paging, kind],
  );

  useEffect(() => {
    void load();
    // An export started while the centre is open (another tab of the layout) shows up at once.
    const reload = () => void load(true);
    window.addEventListener(EXPORT_STARTED, reload);
    return () => window.removeEventListener(EXPORT_STARTED, reload);
  }, [load]);

  const pending = rows.some(isActive);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void load(true), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [pending, load]);

  const cancel = async (job: ExportJob) => {
    try {
      await cancelJob(job.id);
      message.success(t('jobs.cancelled'));
    } catch {
      // shown by the request layer
    }
    void load(true);
  };

  const download = async (job: ExportJob) => {
    if (busy !== undefined) return;
    setBusy(job.id);
    try {
      const { url } = await fetchLink(job.id);
      const a = document.createElement('a');
      a.href = url;
      a.download = job.fileName ?? '';
      document.body.appendChild(a);
      a.click();
      a.remove();
      message.success(t('jobs.downloadStarted'));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card
      title={t(`jobs.centre.${kind}`)}
      extra={
        <Tooltip title={t('common.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={loading} />}
            aria-label={t('common.refresh')}
            onClick={() => void load()}
          />
        </Tooltip>
      }
      data-export-center={kind}
    >
      <Table<ExportJob>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        expandable={{
          rowExpandable: (r) =>
            (importResult(r)?.errors.length ?? 0) > 0 || (batchResult(r)?.refused.length ?? 0) > 0,
          expandedRowRender: (r) => (kind === 'batch' ? <Refusals job={r} /> : <RowErrors job={r} />),
        }}
        columns={[
          { title: t(`jobs.content.${kind}`), dataIndex: 'title', width: 200 },
          {
            title: t('jobs.status'),
            dataIndex: 'status',
            width: 110,
            render: (v: number, r) => (
              <Tooltip title={r.error ?? undefined}>
                <Tag color={STATUS_COLOR[v]} data-job-status={v}>
                  {r.statusName}
                </Tag>
              </Tooltip>
            ),
          },
          {
            title: t('jobs.progress'),
            dataIndex: 'rowCount',
            width: 220,
            render: (_: number, r) => (isActive(r) ? <JobProgress job={r} /> : <Outcome job={r} />),
          },
          {
            title: t('jobs.fileSize'),
            dataIndex: 'fileSize',
            width: 100,
            render: (v: number | null) => formatFileSize(v),
          },
          {
            title: t('jobs.fileName'),
            dataIndex: 'fileName',
            ellipsis: true,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('jobs.createTime'),
            dataIndex: 'createTime',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('jobs.finishTime'),
            dataIndex: 'finishTime',
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: t('jobs.actions'),
            width: 130,
            render: (_, r) => (
              <Space size={0}>
                {r.fileName ? (
                  <Button
                    type="link"
                    size="small"
                    loading={busy === r.id}
                    onClick={() => void download(r)}
                    data-download={r.id}
                  >
                    {kind === 'batch'
                      ? t('jobs.downloadRefused')
                      : r.status === 2
                        ? t('jobs.download')
                        : t('jobs.downloadErrors')}
                  </Button>
                ) : null}
                {isActive(r) ? (
                  <Popconfirm title={t('jobs.cancelConfirm')} onConfirm={() => cancel(r)}>
                    <Button type="link" size="small" danger data-cancel={r.id}>
                      {t('common.cancel')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
    </Card>
  );
}
