import { UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { t as text, useTranslation } from '@/i18n';
import { api } from '@/runtime/request';

/**
 * x-component PackageUpload: uploads one file (multipart field 'file', signed like every call) to
 * `action` and keeps the id the server answers (`packageId`) as the field's value. The file is streamed
 * to disk by the server; the form only names it. Used by the app version forms (SPEC 7.10).
 */
export interface PackageUploadProps {
  value?: number | null;
  onChange?(id: number | null): void;
  /** Upload path, e.g. /gateApi/common/appinfo/m/upload. */
  action: string;
  accept?: string;
  buttonText?: string;
  disabled?: boolean;
}

interface Uploaded {
  packageId: number;
  fileName: string;
  appSize: number;
}

const size = (bytes: number) => `${(bytes / 1048576).toFixed(1)}MB`;

function PackageUploadBase({ value, onChange, action, accept, buttonText, disabled }: PackageUploadProps) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [busy, setBusy] = useState(false);
  const current = uploaded && uploaded.packageId === value ? uploaded : null;
  return (
    <div data-package-upload>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled || busy}
        customRequest={({ file }) => {
          const body = new FormData();
          body.append('file', file as Blob);
          setBusy(true);
          api
            .post<Uploaded>(action, body)
            .then((result) => {
              setUploaded(result);
              onChange?.(result.packageId);
            })
            // The request layer showed why (SPEC 8 '上传失败' or the server's message).
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {buttonText ?? t('upload.package')}
        </Button>
      </Upload>
      {current ? (
        <div className="fr-upload-file" data-uploaded={current.fileName}>
          {current.fileName}（{size(current.appSize)}）
        </div>
      ) : value ? (
        <div className="fr-upload-file">{t('upload.packageUploaded', { id: value })}</div>
      ) : null}
    </div>
  );
}

function PackagePreview({ value }: { value?: number | null }) {
  return <span>{value ? text('upload.packageNo', { id: value }) : '-'}</span>;
}

export const PackageUpload = connect(PackageUploadBase, mapReadPretty(PackagePreview));
