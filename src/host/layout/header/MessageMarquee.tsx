import { SoundOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import styles from '../layout.module.css';
import { onMessagesChanged } from '../../panels/messages/events';
import { useOpenPanel } from '../panels';
import { truncateTitle } from './format';
import { fetchUnreadTitles } from './messages-api';

/** SPEC 2.11: unread message titles scrolling in the header, each cut to 70 characters; nothing when none. */
export function MessageMarquee() {
  const openPanel = useOpenPanel();
  const [titles, setTitles] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void fetchUnreadTitles().then((list) => live && setTitles(list.map((t) => truncateTitle(t))));
    load();
    const stop = onMessagesChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (titles.length === 0) return <div className={styles.marqueeSlot} />;
  return (
    <button type="button" className={styles.marquee} onClick={() => openPanel('messages')} data-marquee>
      <SoundOutlined className={styles.marqueeIcon} />
      <span className={styles.marqueeTrack}>
        <span className={styles.marqueeText}>
          {titles.map((t, i) => (
            <span key={i} className={styles.marqueeItem}>
              {t}
            </span>
          ))}
        </span>
      </span>
    </button>
  );
}
