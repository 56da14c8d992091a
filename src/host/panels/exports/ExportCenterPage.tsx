import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '@/schema/format';
import { EXPORT_STARTED, type ExportJob, fetchJobs, fetchLink, formatFileSize } from './api';

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
/** While a job waits or runs, the list refreshes itself this often. */
const REFRESH_MS = 2000;

/**
 * The data export centre (SPEC 2.11 /admin/importExport/exportCenterList): my export jobs with status,
 * row count, size and times; a finished file downloads through a single-use link.
 */
export default function ExportCenterPage() {
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
        const data = await fetchJobs(paging.pageNo, paging.pageSize);
        setRows(data.list);
        setTotal(data.total);
      } catch {
        // shown by the request layer
      } finally {
        if (!quiet) setLoading(false);
      }
    },
    [paging],
  );

  useEffect(() => {
    void load();
    // An export started while the centre is open (another tab of the layout) shows up at once.
    const reload = () => void load(true);
    window.addEventListener(EXPORT_STARTED, reload);
    return () => window.removeEventListener(EXPORT_STARTED, reload);
  }, [load]);

  const pending = rows.some((r) => r.status === 0 || r.status === 1);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void load(true), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [pending, load]);

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
      title="数据导出中心"
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
      data-export-center
    >
      <Table<ExportJob>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={[
          { title: '导出内容', dataIndex: 'title', width: 180 },
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
          { title: '行数', dataIndex: 'rowCount', width: 90, align: 'right' },
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
            width: 90,
            render: (_, r) =>
              r.status === 2 ? (
                <Button
                  type="link"
                  size="small"
                  loading={busy === r.id}
                  onClick={() => void download(r)}
                  data-download={r.id}
                >
                  下载
                </Button>
              ) : null,
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
