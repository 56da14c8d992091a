import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, useForm } from '@formily/react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { api, uploadPrivateFile } from '@/runtime/request';
import { EMPTY } from '../../schema/format';
import { privateFileName, privateFilePath } from '../../schema/private-files';
import { extensionMessage, sizeMessage } from './upload-messages';

/**
 * Private files (docs/schemas.md 'Private files'): a field with `x-file` keeps the path of a PDF
 * uploaded through the private upload service. The form widget (x-component PrivateFileUpload, the
 * default for such fields) uploads, shows the file name and, once the row exists, a download link;
 * PrivateFileLink is the same link in a detail. The download goes through the guarded route
 * (GET /api/v1/file/<resource>/<field>/<id>), which answers only who may read the row.
 */
const MAX_KB = 10240;

interface FileAnswer {
  fileName: string;
  mime: string;
  content: string;
}

/** Fetches a private file through the signed request layer and hands it to the browser as a download. */
export async function downloadPrivateFile(resource: string, field: string, id: unknown): Promise<void> {
  const file = await api.get<FileAnswer>(privateFilePath(resource, field, String(id)));
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface PrivateFileLinkProps {
  resource: string;
  field: string;
  /** The row's key; without one (a new row) the name shows without a link. */
  id?: unknown;
  value?: unknown;
}

/** The file name of a private file, a download link when the row exists. */
export function PrivateFileLink({ resource, field, id, value }: PrivateFileLinkProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (typeof value !== 'string' || !value) return <>{EMPTY}</>;
  const name = privateFileName(value);
  if (id === undefined || id === null || id === '')
    return (
      <span data-private-file={name}>
        <FilePdfOutlined /> {name}
      </span>
    );
  return (
    <Typography.Link
      data-private-file={name}
      aria-label={t('upload.downloadFile', { name })}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        // The request layer shows why a download failed (no permission, file gone).
        downloadPrivateFile(resource, field, id)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <FilePdfOutlined /> {name}
    </Typography.Link>
  );
}

export interface PrivateFileUploadProps {
  value?: string | null;
  onChange?(value: string | null): void;
  /** Set by the form resolver from the field (src/schema/resolve/form.ts). */
  resource?: string;
  field?: string;
  modelType?: string;
  /** The resource's primary key: the row's id for the download link. */
  idField?: string;
  disabled?: boolean;
}

function PrivateFileUploadBase({
  value,
  onChange,
  resource = '',
  field = '',
  modelType = 'FILE',
  idField = 'id',
  disabled,
}: PrivateFileUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = useForm();
  const [busy, setBusy] = useState(false);
  const id = (form.values as Record<string, unknown>)[idField];
  return (
    <Space size={8} data-private-upload={field}>
      {value ? <PrivateFileLink resource={resource} field={field} id={id} value={value} /> : null}
      {!disabled ? (
        <Upload
          accept=".pdf,application/pdf"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            if (!file.name.toLowerCase().endsWith('.pdf')) {
              void message.error(extensionMessage(['.pdf']));
              return Upload.LIST_IGNORE;
            }
            if (file.size > MAX_KB * 1024) {
              void message.error(sizeMessage(MAX_KB));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file }) => {
            setBusy(true);
            uploadPrivateFile(file as File, modelType)
              .then((result) => onChange?.(result.relativeUrl))
              // The request layer showed why (the server's message: not a PDF, too large).
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {value ? t('upload.reupload') : t('upload.file')}
          </Button>
        </Upload>
      ) : null}
      {value && !disabled ? (
        <Button
          type="text"
          aria-label={t('upload.removeFile')}
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(null)}
        />
      ) : null}
    </Space>
  );
}

function PrivateFileReadPretty({ value, resource = '', field = '', idField = 'id' }: PrivateFileUploadProps) {
  const form = useForm();
  const id = (form.values as Record<string, unknown>)[idField];
  return <PrivateFileLink resource={resource} field={field} id={id} value={value} />;
}

export const PrivateFileUpload = connect(PrivateFileUploadBase, mapReadPretty(PrivateFileReadPretty));
