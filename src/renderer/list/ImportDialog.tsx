import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography, Upload } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { t as text, useTranslation } from '@/i18n';
import { startImport } from '@/host/panels/exports/api';
import { showJobNotice } from '@/host/panels/exports/JobNotice';
import { MAX_IMPORT_BYTES } from '@/schema/contracts/imports';
import type { ResolvedAction } from '@/schema/resolve/actions';
import { useRendererHost } from '../host';

/** A file as base64, the way the import endpoint takes it. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A cell of the template: quoted when it holds a comma, quote or line break. */
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The template of an import: a CSV (UTF-8 with BOM, so spreadsheet programs read the Chinese) whose
 * header row is the columns' titles, generated from the page's import action.
 */
function downloadTemplate(action: ResolvedAction, pageTitle: string) {
  const header = action.import!.columns.map((c) => csvCell(c.title)).join(',');
  const blob = new Blob([`\uFEFF${header}\r\n`], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = text('list.importTemplateFile', { title: pageTitle });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export interface ImportDialogProps {
  /** '<app>/<page name>'. */
  page: string;
  pageTitle: string;
  action: ResolvedAction;
  onClose(): void;
}

/**
 * A list page's import action (issue 23.3): download the template, choose an xlsx or CSV file; the file
 * is queued as an import job, followed by a progress notification. Every row is checked on the server;
 * errors come back by row and column in the import centre.
 */
export function ImportDialog({ page, pageTitle, action, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const { message, notification } = useApp();
  const host = useRendererHost();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!/\.(xlsx|csv|json)$/i.test(file.name)) return void message.error(t('list.importWrongType'));
    if (file.size > MAX_IMPORT_BYTES) return void message.error(t('list.importTooLarge'));
    setBusy(true);
    try {
      const job = await startImport({ page, fileName: file.name, content: await base64Of(file) });
      showJobNotice(notification, job, 'import', host.navigate);
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={action.title} onCancel={onClose} footer={null} destroyOnHidden data-import-dialog>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('list.importHint')}
        </Typography.Paragraph>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => downloadTemplate(action, pageTitle)}
          data-import-template
        >
          {t('list.importTemplate')}
        </Button>
        <Upload.Dragger
          accept=".xlsx,.csv,.json"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('list.importDrop')}</p>
        </Upload.Dragger>
      </Space>
    </Modal>
  );
}
