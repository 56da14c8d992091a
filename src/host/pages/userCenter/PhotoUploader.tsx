import { PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { PHOTO_EXTENSIONS, PHOTO_HINT, photoProblem } from './photo-rules';
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
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const fileList: UploadFile[] = photoUrl
    ? [{ uid: 'photo', name: '个人照片', status: 'done', url: photoUrl }]
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
      void message.success('保存成功');
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
        title: '删除照片',
        content: '确定删除当前照片吗？',
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          await deletePhoto();
          void message.success('操作成功');
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
            <div>{busy ? '上传中…' : '上传照片'}</div>
          </div>
        )}
      </Upload>
      <div className={styles.photoHint}>
        <div>{PHOTO_HINT}</div>
        <div>支持 .png、.jpg 格式，长宽比 1:1，大小不超过 2048 KB</div>
      </div>
    </div>
  );
}
