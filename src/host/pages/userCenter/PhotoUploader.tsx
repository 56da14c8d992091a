import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { PHOTO_EXTENSIONS, photoProblem } from './photo-rules';
import styles from './user-center.module.css';
import { checkAndSavePhoto, deletePhoto, PHOTO_MODEL, uploadImage } from './user-center-api';

interface Props {
  photoUrl: string;
  onChange: (photoUrl: string) => void;
}

/**
 * The user's own photo (SPEC 2.9, 4 'Photo', 5 'Image upload'): .png/.jpg, square, at most 2048 KB;
 * uploading checks the picture and then saves it; removing it deletes it on the server.
 */
export function PhotoUploader({ photoUrl, onChange }: Props) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const [busy, setBusy] = useState(false);
  const fileList: UploadFile[] = photoUrl
    ? [{ uid: 'photo', name: t('userCenter.photo'), status: 'done', url: photoUrl }]
    : [];

  const beforeUpload = async (file: File) => {
    const problem = await photoProblem(file);
    if (problem) {
      void message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest = async ({ file }: { file: string | Blob }) => {
    setBusy(true);
    try {
      const uploaded = await uploadImage(file as File, PHOTO_MODEL);
      const saved = await checkAndSavePhoto(uploaded.relativeUrl);
      void message.success(t('common.saved'));
      onChange(saved.photoUrl);
    } catch {
      // The request layer showed the server's reason (or '上传失败').
    } finally {
      setBusy(false);
    }
  };

  const onRemove = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('userCenter.photoDelete'),
        content: t('userCenter.photoDeleteConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await deletePhoto();
          void message.success(t('common.done'));
          onChange('');
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  return (
    <div className={styles.photo}>
      <Upload
        accept={PHOTO_EXTENSIONS.join(',')}
        listType="picture-card"
        maxCount={1}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        showUploadList={{ showPreviewIcon: false }}
        disabled={busy}
      >
        {!photoUrl && (
          <div className={styles.uploadButton} data-testid="photo-upload">
            <PlusOutlined />
            <div>{busy ? t('userCenter.uploading') : t('userCenter.uploadPhoto')}</div>
          </div>
        )}
      </Upload>
      <div className={styles.photoHint}>
        <div>{t('userCenter.photoHint')}</div>
        <div>{t('userCenter.photoFormats')}</div>
      </div>
    </div>
  );
}
