import { ArrowLeftOutlined, NotificationOutlined, TeamOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, List, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getProfile } from '@/runtime/session';
import { formatDateTime } from '@/schema/format';
import { safeHtml } from '../rich-text';
import {
  fetchDetail,
  fetchMessages,
  fetchSummaries,
  markTypeRead,
  type MessageDetail,
  type MessageItem,
  type MessagePage,
  type TypeSummary,
} from './api';
import { notifyMessagesChanged } from './events';
import { SendDialog, type SendKind } from './SendDialog';
import styles from './messages.module.css';
import { useTranslation } from '@/i18n';

/** SPEC 6: the send actions are shown only to holders of these codes (the server checks again). */
export const RADIO_CODE = 'platformMsg:saveRadioMessage';
export const DEPT_CODE = 'platformMsg:saveDeptMessage';

const PAGE_SIZE = 10;

export interface MessagePanelProps {
  open: boolean;
  onClose(): void;
}

function holds(code: string): boolean {
  return (getProfile()?.powerControl ?? []).some((p) => p.code === code);
}

/**
 * SPEC 2.12: the platform message centre. A list view (received by me / sent by me, type summaries with
 * unread counts) and a detail view with back navigation; opening a received message marks it read, then
 * the list, the summaries and the header's unread count are reloaded.
 */
export default function MessagePanel({ open, onClose }: MessagePanelProps) {
  const [fromToType, setFromToType] = useState<1 | 2>(1);
  const { t } = useTranslation();
  const [type, setType] = useState<number | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<MessagePage>();
  const [summaries, setSummaries] = useState<TypeSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<MessageDetail>();
  const [detailLoading, setDetailLoading] = useState(false);
  const [sending, setSending] = useState<SendKind>();
  const canRadio = holds(RADIO_CODE);
  const canDept = holds(DEPT_CODE);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const [list, sums] = await Promise.all([
        fetchMessages({ type, fromToType, pageNo, pageSize: PAGE_SIZE }),
        fetchSummaries(),
      ]);
      setPage(list);
      setSummaries(sums);
    } catch {
      // The request layer has shown why.
    } finally {
      setLoading(false);
    }
  }, [type, fromToType, pageNo]);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  const openMessage = async (item: MessageItem) => {
    setDetailLoading(true);
    try {
      setDetail(await fetchDetail(item.id, item.fromToType));
      if (item.fromToType === 1 && !item.isRead) {
        notifyMessagesChanged();
        void reload();
      }
    } catch {
      // shown by the request layer
    } finally {
      setDetailLoading(false);
    }
  };

  const readAll = async () => {
    await markTypeRead(type);
    notifyMessagesChanged();
    await reload();
  };

  const unreadTotal = summaries.reduce((n, s) => n + s.notReadCount, 0);

  const listView = (
    <div className={styles.panel} data-msg-list>
      <div className={styles.toolbar}>
        <Segmented
          value={fromToType}
          options={[
            { label: t('messages.received'), value: 1 },
            { label: t('messages.sent'), value: 2 },
          ]}
          onChange={(v) => {
            setFromToType(v as 1 | 2);
            setPageNo(1);
          }}
        />
        <Space size={8}>
          {canRadio && (
            <Button icon={<NotificationOutlined />} onClick={() => setSending('radio')} data-send="radio">
              {t('messages.sendRadio')}
            </Button>
          )}
          {canDept && (
            <Button icon={<TeamOutlined />} onClick={() => setSending('dept')} data-send="dept">
              {t('messages.sendNotice')}
            </Button>
          )}
        </Space>
      </div>
      {fromToType === 1 && (
        <div className={styles.summaries}>
          {summaries.map((s) => (
            <button
              type="button"
              key={s.type}
              className={`${styles.summary} ${type === s.type ? styles.summaryActive : ''}`}
              onClick={() => {
                setType(type === s.type ? undefined : s.type);
                setPageNo(1);
              }}
              data-summary={s.type}
            >
              <div className={styles.summaryHead}>
                <span>{s.typeName}</span>
                <Badge count={s.notReadCount} size="small" overflowCount={99} />
              </div>
              <Typography.Text type="secondary" ellipsis className={styles.summaryTitle}>
                {s.lastTitle || t('messages.none')}
              </Typography.Text>
            </button>
          ))}
        </div>
      )}
      {fromToType === 1 && unreadTotal > 0 && (
        <div className={styles.readAll}>
          <Button type="link" size="small" onClick={() => void readAll()}>
            {t('messages.markAllRead')}
          </Button>
        </div>
      )}
      <List
        loading={loading}
        dataSource={page?.list ?? []}
        locale={{ emptyText: <Empty description={t('messages.none')} /> }}
        pagination={
          (page?.total ?? 0) > PAGE_SIZE
            ? {
                current: pageNo,
                pageSize: PAGE_SIZE,
                total: page?.total,
                size: 'small',
                showSizeChanger: false,
                onChange: setPageNo,
              }
            : false
        }
        renderItem={(item) => (
          <List.Item
            className={styles.item}
            onClick={() => void openMessage(item)}
            data-msg-item={item.id}
            data-unread={!item.isRead || undefined}
          >
            <div className={styles.itemBody}>
              <div className={styles.itemHead}>
                {!item.isRead && <Badge status="error" />}
                <span className={item.isRead ? styles.title : styles.titleUnread}>{item.title}</span>
                <Tag className={styles.typeTag}>{item.typeName}</Tag>
              </div>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className={styles.summaryText}>
                {item.summary}
              </Typography.Paragraph>
              <div className={styles.meta}>
                <span>
                  {item.fromToType === 2
                    ? t('messages.receivers', { count: item.receiverCount ?? 0, read: item.readCount ?? 0 })
                    : item.createName}
                </span>
                <span>{formatDateTime(item.createTime, 'yyyy-MM-dd HH:mm')}</span>
              </div>
            </div>
          </List.Item>
        )}
      />
    </div>
  );

  const detailView = detail && (
    <div className={styles.panel} data-msg-detail={detail.id}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => setDetail(undefined)}
        className={styles.back}
      >
        {t('common.back')}
      </Button>
      <h3 className={styles.detailTitle}>{detail.title}</h3>
      <div className={styles.meta}>
        <span>
          <Tag>{detail.typeName}</Tag>
          {detail.createName}
        </span>
        <span>{formatDateTime(detail.createTime, 'yyyy-MM-dd HH:mm')}</span>
      </div>
      {detail.fromToType === 2 && (
        <div className={styles.range}>
          {t('messages.range', { range: detail.receiveRange, count: detail.receiverCount ?? 0 })}
        </div>
      )}
      {/* Sanitised by the server when stored and again here (DOMPurify). */}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: safeHtml(detail.content) }} />
    </div>
  );

  return (
    <>
      <Drawer title={t('header.messageCentre')} open={open} onClose={onClose} width={520} destroyOnHidden>
        <Spin spinning={detailLoading}>{detail ? detailView : listView}</Spin>
      </Drawer>
      {sending && (
        <SendDialog
          kind={sending}
          onClose={() => setSending(undefined)}
          onSent={() => {
            setSending(undefined);
            setFromToType(2);
            setType(undefined);
            setPageNo(1);
            notifyMessagesChanged();
          }}
        />
      )}
    </>
  );
}
