import { ExportOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
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
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await startExport(request);
      message.success({
        content: onOpenCenter ? (
          <span>
            已加入导出任务，
            <a onClick={() => onOpenCenter(EXPORT_CENTER_PATH)}>前往数据导出中心</a>
            下载
          </span>
        ) : (
          '已加入导出任务，请到数据导出中心下载'
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
      导出
    </Button>
  );
}
