import { AppstoreOutlined, ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Empty, List, Modal, Spin, Tabs, Typography } from 'antd';
import useApp from 'antd/es/app/useApp';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, formatSize } from '@/schema/format';
import { safeHtml } from '../rich-text';
import { absoluteUrl, type AppCard, type AppDetail, type AppVersion, fetchApp, fetchApps } from './api';
import styles from './download.module.css';
import { useTranslation } from '@/i18n';

export interface DownloadCenterProps {
  open: boolean;
  onClose(): void;
}

/** SPEC 8: the message after copying a download link ('copied successfully'). */
/** The catalogue key of the copy confirmation. */
export const COPIED = 'download.copied';
/** SPEC 9: the QR code is 80px wide. */
export const QR_SIZE = 80;

async function copy(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http pages have no async clipboard: the old way still works there.
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

function VersionView({ version, current }: { version: AppVersion; current: boolean }) {
  const { message } = useApp();
  const { t } = useTranslation();
  const url = absoluteUrl(version.appUrl);
  return (
    <div className={styles.version} data-version={version.appVersion}>
      <div className={styles.qr}>
        <QRCodeSVG value={url} size={QR_SIZE} data-qr />
      </div>
      <div className={styles.info}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={current ? t('download.currentVersion') : t('download.version')}>
            {version.appVersion}
          </Descriptions.Item>
          <Descriptions.Item label={t('download.updatedAt')}>
            {formatDateTime(version.updateTime, 'yyyy-MM-dd HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('download.size')}>
            <span data-size>{formatSize(version.appSize)}</span>
          </Descriptions.Item>
        </Descriptions>
        <div className={styles.links}>
          <Typography.Link href={version.appUrl} target="_blank" rel="noopener noreferrer">
            {t('download.download')}
          </Typography.Link>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() =>
              void copy(url).then(
                () => message.success(t(COPIED)),
                () => message.error(t('download.copyFailed')),
              )
            }
            data-copy
          >
            {t('download.copyLink')}
          </Button>
        </div>
      </div>
      <div className={styles.notes}>
        <div className={styles.notesTitle}>{t('download.notes')}</div>
        {/* Sanitised by the server and again here. */}
        <div className={styles.notesBody} dangerouslySetInnerHTML={{ __html: safeHtml(version.appRemark) }} />
      </div>
    </div>
  );
}

function OsTab({ versions }: { versions: AppVersion[] }) {
  const [viewing, setViewing] = useState<AppVersion>();
  const { t } = useTranslation();
  const [current, ...history] = versions;
  if (!current) return <Empty description={t('download.noVersion')} />;
  if (viewing)
    return (
      <div>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setViewing(undefined)}>
          {t('common.back')}
        </Button>
        <VersionView version={viewing} current={false} />
      </div>
    );
  return (
    <div>
      <VersionView version={current} current />
      <div className={styles.historyTitle}>{t('download.history')}</div>
      <List
        size="small"
        dataSource={history}
        locale={{ emptyText: t('download.noHistory') }}
        renderItem={(v) => (
          <List.Item
            data-history={v.appVersion}
            actions={[
              <Button key="view" type="link" size="small" onClick={() => setViewing(v)}>
                {t('download.view')}
              </Button>,
            ]}
          >
            <span className={styles.historyVersion}>{v.appVersion}</span>
            <span>{formatDate(v.updateTime)}</span>
            <span>{formatSize(v.appSize)}</span>
          </List.Item>
        )}
      />
    </div>
  );
}

/**
 * SPEC 2.13: the software download centre. App cards, then an app's detail with a tab per operating
 * system: QR code of the download link, current version, release notes, history versions with a view
 * button, and copying the link.
 */
export default function DownloadCenterDialog({ open, onClose }: DownloadCenterProps) {
  const [apps, setApps] = useState<AppCard[]>();
  const { t } = useTranslation();
  const [detail, setDetail] = useState<AppDetail>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    fetchApps()
      .then((list) => live && setApps(list))
      .catch(() => live && setApps([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open]);

  const openApp = async (id: number) => {
    setLoading(true);
    try {
      setDetail(await fetchApp(id));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };

  const systems = detail ? Object.keys(detail.appItemMap) : [];

  return (
    <Modal
      title={detail ? detail.appName : t('userMenu.downloadCentre')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {detail ? (
          <div data-app-detail={detail.id}>
            <Button
              type="link"
              icon={<ArrowLeftOutlined />}
              onClick={() => setDetail(undefined)}
              className={styles.back}
            >
              {t('common.back')}
            </Button>
            <Tabs
              items={systems.map((os) => ({
                key: os,
                label: os,
                children: <OsTab versions={detail.appItemMap[os]!} />,
              }))}
            />
          </div>
        ) : (
          <div className={styles.cards}>
            {(apps ?? []).map((a) => (
              <Card key={a.id} hoverable size="small" onClick={() => void openApp(a.id)} data-app-card={a.id}>
                <Card.Meta
                  avatar={
                    <Avatar
                      shape="square"
                      size={48}
                      src={a.appIconUrl || undefined}
                      icon={<AppstoreOutlined />}
                    />
                  }
                  title={a.appName}
                  description={a.deviceName || ' '}
                />
              </Card>
            ))}
            {apps && apps.length === 0 && <Empty description={t('download.noApps')} />}
          </div>
        )}
      </Spin>
    </Modal>
  );
}
