import { Progress, Space, Typography } from 'antd';
import { t as text, useTranslation } from '@/i18n';
import { type ExportJob, jobProgress } from './api';

/** Seconds as the bar says them: 约 45 秒, 约 3 分钟. */
function duration(seconds: number): string {
  return seconds < 60
    ? text('jobs.bar.seconds', { n: Math.max(1, seconds) })
    : text('jobs.bar.minutes', { n: Math.ceil(seconds / 60) });
}

/**
 * The progress of one job (issue 23.2): a bar with its percentage, the items done of the total and the
 * estimated time left. Shared by the notification that follows a job and the centres' rows.
 */
export function JobProgress({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const { percent, secondsLeft } = jobProgress(job);
  const failed = job.status === 3 || job.status === 4;
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }} data-job-progress={job.id}>
      <Progress
        percent={percent}
        size="small"
        status={failed ? 'exception' : job.status === 2 ? 'success' : 'active'}
        aria-label={t('jobs.bar.label')}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-job-items>
        {job.status === 0
          ? t('jobs.bar.queued')
          : job.total !== null
            ? t('jobs.bar.processedOf', { done: job.rowCount, total: job.total })
            : t('jobs.bar.processed', { done: job.rowCount })}
        {job.status === 1 && secondsLeft !== undefined
          ? t('jobs.bar.left', { time: duration(secondsLeft) })
          : ''}
      </Typography.Text>
    </Space>
  );
}
