import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { JobKind } from '@/schema/contracts/exports';
import { formatDateTime } from '@/schema/format';
import {
  cancelJob,
  CENTER_NAME,
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
        { title: '行号', dataIndex: 'row', width: 80 },
        { title: '列', dataIndex: 'column', width: 140 },
        { title: '错误信息', dataIndex: 'message' },
      ]}
      footer={
        result && result.errorCount > errors.length
          ? () => `共 ${result.errorCount} 处错误，完整列表请下载错误文件`
          : undefined
      }
    />
  );
}

/** A batch job's refused rows and why (the first ones; all of them are in its file). */
function Refusals({ job }: { job: ExportJob }) {
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
        { title: '编号', dataIndex: 'id', width: 100 },
        { title: '名称', dataIndex: 'name', width: 200 },
        { title: '未执行原因', dataIndex: 'message' },
      ]}
      footer={
        result && result.refusedCount > refused.length
          ? () => `共 ${result.refusedCount} 条未执行，完整列表请下载文件`
          : undefined
      }
    />
  );
}

const TITLE: Record<JobKind, string> = { export: '导出内容', import: '导入内容', batch: '批量操作' };

/** What a finished job did, in the progress column. */
function Outcome({ job }: { job: ExportJob }) {
  const imported = importResult(job);
  if (imported && imported.errorCount > 0)
    return (
      <span data-error-count>
        {imported.created > 0
          ? `导入 ${imported.created} 行，${imported.errorCount} 处错误`
          : `${imported.errorCount} 处错误`}
      </span>
    );
  const batch = batchResult(job);
  if (batch)
    return (
      <span
        data-batch-outcome
      >{`成功 ${batch.done} 条${batch.refusedCount ? `，未执行 ${batch.refusedCount} 条` : ''}`}</span>
    );
  return <>{`${job.rowCount} 行`}</>;
}

/**
 * The data export centre (SPEC 2.11 /admin/importExport/exportCenterList) and the import centre beside
 * it (issue 23.2): my jobs of the kind with status, a progress bar while they run, a cancel button,
 * counts, size and times; a finished file (the export, or an import's errors) downloads through a
 * single-use link; an import's errors are listed by row and column under its row.
 */
export default function ExportCenterPage({ kind = 'export' }: { kind?: JobKind }) {
  const { message } = App.useApp();
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
      message.success('已取消');
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
      message.success('开始下载');
    } catch {
      // shown by the request layer
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card
      title={CENTER_NAME[kind]}
      extra={
        <Tooltip title="刷新">
          <Button
            type="text"
            icon={<ReloadOutlined spin={loading} />}
            aria-label="刷新"
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
          { title: TITLE[kind], dataIndex: 'title', width: 200 },
          {
            title: '状态',
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
            title: '进度',
            dataIndex: 'rowCount',
            width: 220,
            render: (_: number, r) => (isActive(r) ? <JobProgress job={r} /> : <Outcome job={r} />),
          },
          {
            title: '文件大小',
            dataIndex: 'fileSize',
            width: 100,
            render: (v: number | null) => formatFileSize(v),
          },
          { title: '文件名', dataIndex: 'fileName', ellipsis: true, render: (v: string | null) => v ?? '-' },
          {
            title: '创建时间',
            dataIndex: 'createTime',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: '完成时间',
            dataIndex: 'finishTime',
            width: 170,
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: '操作',
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
                    {kind === 'batch' ? '下载未执行明细' : r.status === 2 ? '下载' : '下载错误文件'}
                  </Button>
                ) : null}
                {isActive(r) ? (
                  <Popconfirm title="确定取消该任务吗？" onConfirm={() => cancel(r)}>
                    <Button type="link" size="small" danger data-cancel={r.id}>
                      取消
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
