import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect, useState } from 'react';
import styles from '../layout.module.css';
import { useTranslation } from '@/i18n';

/** SPEC 2.11: fullscreen on and off. */
export function FullscreenToggle() {
  const { message } = useApp();
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const root = document.documentElement;
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      void message.warning(t('header.fullscreenUnsupported'));
      return;
    }
    const done = full ? document.exitFullscreen() : root.requestFullscreen();
    done.catch(() => void message.warning(t('header.fullscreenUnsupported')));
  };
  return (
    <Tooltip title={full ? t('header.exitFullscreen') : t('header.fullscreen')}>
      <button
        type="button"
        className={styles.headerAction}
        onClick={toggle}
        aria-label={full ? t('header.exitFullscreen') : t('header.fullscreen')}
      >
        {full ? (
          <FullscreenExitOutlined className={styles.headerIcon} />
        ) : (
          <FullscreenOutlined className={styles.headerIcon} />
        )}
      </button>
    </Tooltip>
  );
}
