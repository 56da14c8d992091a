import { Typography } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, useState } from 'react';
import { t as text, useTranslation } from '@/i18n';
import type { JobKind } from '@/schema/contracts/exports';
import { CENTER_PATH, type ExportJob, fetchJobs, isActive } from './api';
import { JobProgress } from './JobProgress';

/** While a job runs, its notification asks for it this often (the server writes progress each second). */
const POLL_MS = 1000;

function JobNoticeBody({
  id,
  kind,
  onOpenCenter,
}: {
  id: number;
  kind: JobKind;
  onOpenCenter?(path: string): void;
}) {
  const { t } = useTranslation();
  const [job, setJob] = useState<ExportJob>();
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const look = async () => {
      try {
        const found = (await fetchJobs(1, 1, kind, [id])).list[0];
        if (stopped) return;
        setJob(found);
        // Polling stops once the job has finished (or is gone).
        if (!found || !isActive(found)) return;
      } catch {
        if (stopped) return;
      }
      timer = window.setTimeout(() => void look(), POLL_MS);
    };
    void look();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [id, kind]);
  const centre = t(`jobs.centre.${kind}`);
  return (
    <div data-job-notice={id}>
      {job ? <JobProgress job={job} /> : null}
      {job && job.status >= 2 ? (
        <Typography.Text
          type={job.status === 2 ? (job.error ? 'warning' : 'success') : 'danger'}
          data-job-outcome
        >
          {/* A partial import (valid rows only) is done with its rows in error named. */}
          {job.error ?? job.statusName}
        </Typography.Text>
      ) : null}
      <div>
        {onOpenCenter ? (
          <a onClick={() => onOpenCenter(CENTER_PATH[kind])} data-open-center>
            {t('jobs.openCentre', { centre })}
          </a>
        ) : (
          t('jobs.seeInCentre', { centre })
        )}
      </div>
    </div>
  );
}

/**
 * Issue 23.2: a notification that follows a job just started: its bar, items and time left, and a link
 * to the centre where its result waits. It stays until closed; polling ends with the job.
 */
export function showJobNotice(
  notification: NotificationInstance,
  job: { id: number; title: string },
  kind: JobKind,
  onOpenCenter?: (path: string) => void,
) {
  notification.open({
    key: `job-${job.id}`,
    message: text(`jobs.notice.${kind}`, { title: job.title }),
    description: <JobNoticeBody id={job.id} kind={kind} onOpenCenter={onOpenCenter} />,
    duration: 0,
    placement: 'bottomRight',
  });
}
