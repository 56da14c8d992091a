import { CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '@/i18n';
import styles from './chunk-error.module.css';
import { isChunkLoadError, reportChunkError } from './index';

interface State {
  error: unknown;
}

/**
 * Catches what a page throws while rendering. A chunk that failed to load (a new release) is reported
 * to the host, which asks to reload (SPEC 8); the page area shows why instead of going blank.
 * Keyed by the page's path by its parent, so another page starts with a clean slate.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) reportChunkError(error);
    else console.error(error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const chunk = isChunkLoadError(error);
    // antd's Result in look (icon, title, subtitle, action), not Result itself: Result brings its 403,
    // 404 and 500 illustrations (about 10 KB gzip) into every first visit, for a page that rarely fails.
    return (
      <div className={styles.failure} role="alert">
        {chunk ? (
          <InfoCircleFilled className={`${styles.icon} ${styles.info}`} />
        ) : (
          <CloseCircleFilled className={`${styles.icon} ${styles.error}`} />
        )}
        <div className={styles.title}>{chunk ? t('errors.pageLoadFailed') : t('errors.pageError')}</div>
        <div className={styles.subtitle}>{chunk ? t('errors.updated') : t('errors.retry')}</div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </div>
    );
  }
}
