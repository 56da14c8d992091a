import { Progress, Space, Typography } from 'antd';
import { type ExportJob, jobProgress } from './api';

/** Seconds as the bar says them: 约 45 秒, 约 3 分钟. */
function duration(seconds: number): string {
  return seconds < 60 ? `约 ${Math.max(1, seconds)} 秒` : `约 ${Math.ceil(seconds / 60)} 分钟`;
}

/**
 * The progress of one job (issue 23.2): a bar with its percentage, the items done of the total and the
 * estimated time left. Shared by the notification that follows a job and the centres' rows.
 */
export function JobProgress({ job }: { job: ExportJob }) {
  const { percent, secondsLeft } = jobProgress(job);
  const failed = job.status === 3 || job.status === 4;
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }} data-job-progress={job.id}>
      <Progress
        percent={percent}
        size="small"
        status={failed ? 'exception' : job.status === 2 ? 'success' : 'active'}
        aria-label="任务进度"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-job-items>
        {job.status === 0
          ? '排队中'
          : `已处理 ${job.rowCount}${job.total !== null ? ` / ${job.total}` : ''} 条`}
        {job.status === 1 && secondsLeft !== undefined ? `，预计剩余${duration(secondsLeft)}` : ''}
      </Typography.Text>
    </Space>
  );
}
