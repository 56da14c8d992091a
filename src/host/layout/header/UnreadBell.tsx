import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import styles from '../layout.module.css';
import { onMessagesChanged } from '../../panels/messages/events';
import { useOpenPanel } from '../panels';
import { formatUnread } from './format';
import { fetchUnreadCount } from './messages-api';
import { useTranslation } from '@/i18n';

/** SPEC 2.11, 9: the unread bell; the count, or '99+' from 99 on. Opens the message panel. */
export function UnreadBell() {
  const openPanel = useOpenPanel();
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () => void fetchUnreadCount().then((n) => live && setCount(n));
    load();
    // Reading or sending in the message panel changes the count.
    const stop = onMessagesChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  const text = formatUnread(count);
  return (
    <Tooltip title={t('header.messageCentre')}>
      <button
        type="button"
        className={styles.headerAction}
        onClick={() => openPanel('messages')}
        // The visible count is part of the name (axe: label-content-name-mismatch).
        aria-label={text ? t('header.messageCentreUnread', { n: text }) : t('header.messageCentre')}
      >
        <Badge count={text || 0} size="small" offset={[4, -2]} data-unread={text}>
          <BellOutlined className={styles.headerIcon} />
        </Badge>
      </button>
    </Tooltip>
  );
}
