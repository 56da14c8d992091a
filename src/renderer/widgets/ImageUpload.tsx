import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Image, Space, Upload } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { uploadImage } from '@/runtime/request';
import { EMPTY } from '../../schema/format';
import { extensionMessage, sizeMessage } from './upload-messages';

/**
 * x-component ImageUpload: one picture (a scanned licence, a certificate) uploaded through the image
 * upload of SPEC 7.5; the field keeps its visitUrl (/uploads/…), which the server serves back and
 * `valueType: image` columns show. The server checks the type and size again (server/services/upload.ts).
 * With `maxCount` the field is a list of pictures (a commodity's, the first the main one): each upload
 * adds one, each thumbnail has its remove button, the button goes once the list is full.
 */
export interface ImageUploadProps {
  value?: string | string[] | null;
  onChange?(url: string | string[] | null): void;
  /** A list of up to this many pictures (an array field) instead of one. */
  maxCount?: number;
  /** Upload model type (the folder the file is kept in), e.g. SUPPLIER_QUALIFICATION. */
  modelType?: string;
  /** The accepted extensions and size of server/services/upload.ts uploadRule for model types other than the photo. */
  accept?: string;
  maxKb?: number;
  buttonText?: string;
  disabled?: boolean;
}

const EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];

const thumb = (src: string) => (
  <Image src={src} width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
);

function ImageUploadBase(props: ImageUploadProps) {
  return props.maxCount ? <ImageListUpload {...props} maxCount={props.maxCount} /> : <OneImage {...props} />;
}

/** maxCount: the list of pictures, each removable, the upload button while there is room. */
function ImageListUpload({
  value,
  onChange,
  maxCount,
  disabled,
  ...rest
}: ImageUploadProps & { maxCount: number }) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return (
    <Space size={8} wrap data-image-upload data-image-count={list.length}>
      {list.map((src, i) => (
        <Space key={`${src}-${i}`} size={0}>
          {thumb(src)}
          {!disabled ? (
            <Button
              size="small"
              type="text"
              aria-label={t('upload.removeImageAt', { n: i + 1 })}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(list.filter((_, j) => j !== i))}
            />
          ) : null}
        </Space>
      ))}
      {list.length < maxCount && !disabled ? (
        <OneImage
          {...rest}
          buttonText={rest.buttonText ?? t('upload.imageCount', { n: list.length, max: maxCount })}
          onChange={(url) => {
            if (typeof url === 'string') onChange?.([...list, url]);
          }}
        />
      ) : null}
    </Space>
  );
}

function OneImage({
  value,
  onChange,
  modelType = 'FORM_IMAGE',
  accept = EXTENSIONS.join(','),
  maxKb = 5120,
  buttonText,
  disabled,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const allowed = accept.split(',').map((e) => e.trim().toLowerCase());
  return (
    <Space size={8} data-image-upload>
      {typeof value === 'string' && value ? thumb(value) : null}
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          // SPEC 5 'Image upload': the same texts the server answers.
          const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
          if (!allowed.includes(ext)) {
            void message.error(extensionMessage(allowed));
            return Upload.LIST_IGNORE;
          }
          if (file.size > maxKb * 1024) {
            void message.error(sizeMessage(maxKb));
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
          {buttonText ?? (value ? t('upload.reupload') : t('upload.image'))}
        </Button>
      </Upload>
      {value && !disabled ? (
        <Button
          size="small"
          type="text"
          aria-label={t('upload.removeImage')}
          icon={<DeleteOutlined />}
          onClick={() => onChange?.(null)}
        />
      ) : null}
    </Space>
  );
}

function ImagePreview({ value }: { value?: string | string[] | null }) {
  const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => !!v);
  if (!list.length) return <>{EMPTY}</>;
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap>
        {list.map((src, i) => (
          <span key={`${src}-${i}`}>{thumb(src)}</span>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

export const ImageUpload = connect(ImageUploadBase, mapReadPretty(ImagePreview));
