import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { EXPORT_CENTER_PATH, type ExportRequest, startExport } from './api';

export interface ExportButtonProps extends ExportRequest {
  /** Opens the export centre (the host's navigate); without it the message only names the centre. */
  onOpenCenter?(path: string): void;
}

/**
 * A list page's export action: starts a server-side export over the list's current filters and tells
 * the user where to fetch the file. For the schema renderer's toolbar and custom list pages alike.
 */
export function ExportButton({ onOpenCenter, ...request }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await startExport(request);
      message.success({
        content: onOpenCenter ? (
          <span>
            {t('jobs.exportQueuedBefore')}
            <a onClick={() => onOpenCenter(EXPORT_CENTER_PATH)}>{t('jobs.exportQueuedLink')}</a>
            {t('jobs.exportQueuedAfter')}
          </span>
        ) : (
          t('jobs.exportQueued')
        ),
      });
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-export={request.page}>
      {t('jobs.export')}
    </Button>
  );
}
