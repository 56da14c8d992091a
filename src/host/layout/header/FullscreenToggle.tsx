import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import styles from '../layout.module.css';

/** SPEC 8 text when the browser cannot go fullscreen. */
export const FULLSCREEN_UNSUPPORTED = '你当前浏览器不支持全屏缩放功能';

/** SPEC 2.11: fullscreen on and off. */
export function FullscreenToggle() {
  const { message } = App.useApp();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const root = document.documentElement;
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      void message.warning(FULLSCREEN_UNSUPPORTED);
      return;
    }
    const done = full ? document.exitFullscreen() : root.requestFullscreen();
    done.catch(() => void message.warning(FULLSCREEN_UNSUPPORTED));
  };
  return (
    <Tooltip title={full ? '退出全屏' : '全屏'}>
      <button
        type="button"
        className={styles.headerAction}
        onClick={toggle}
        aria-label={full ? '退出全屏' : '全屏'}
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
