import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '@/runtime/request';
import { EMPTY } from '../../schema/format';

/**
 * x-component ImageUpload: one picture (a scanned licence, a certificate) uploaded through the image
 * upload of SPEC 7.5; the field keeps its visitUrl (/uploads/…), which the server serves back and
 * `valueType: image` columns show. The server checks the type and size again (server/services/upload.ts).
 */
export interface ImageUploadProps {
  value?: string | null;
  onChange?(url: string | null): void;
  /** Upload model type (the folder the file is kept in), e.g. SUPPLIER_QUALIFICATION. */
  modelType?: string;
  /** The accepted extensions and size of server/services/upload.ts uploadRule for model types other than the photo. */
  accept?: string;
  maxKb?: number;
  buttonText?: string;
  disabled?: boolean;
}

const EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];

function ImageUploadBase({
  value,
  onChange,
  modelType = 'FORM_IMAGE',
  accept = EXTENSIONS.join(','),
  maxKb = 5120,
  buttonText,
  disabled,
}: ImageUploadProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const allowed = accept.split(',').map((e) => e.trim().toLowerCase());
  return (
    <Space size={8} data-image-upload>
      {value ? (
        <Image src={value} width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ) : null}
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          // SPEC 5 'Image upload': the same texts the server answers.
          const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
          if (!allowed.includes(ext)) {
            void message.error(`仅限上传 ${allowed.join('、')} 后缀的文件`);
            return Upload.LIST_IGNORE;
          }
          if (file.size > maxKb * 1024) {
            void message.error(`上传文件大小不能超过 ${maxKb} KB!`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setBusy(true);
          uploadImage(file as File, modelType, 'xs')
            .then((result) => onChange?.(result.visitUrl))
            // The request layer showed why (SPEC 8 '上传失败' or the server's message).
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={busy}>
          {buttonText ?? (value ? '重新上传' : '上传图片')}
        </Button>
      </Upload>
      {value && !disabled ? (
        <Button
          size="small"
          type="text"
          aria-label="移除图片"
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(null)}
        />
      ) : null}
    </Space>
  );
}

function ImagePreview({ value }: { value?: string | null }) {
  return value ? (
    <Image src={value} width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : (
    <>{EMPTY}</>
  );
}

export const ImageUpload = connect(ImageUploadBase, mapReadPretty(ImagePreview));
