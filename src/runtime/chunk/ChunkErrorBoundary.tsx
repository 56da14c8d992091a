import { CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { t } from '@/i18n';
import styles from './chunk-error.module.css';
import { isChunkLoadError, reportChunkError } from './index';

interface Props {
  children: ReactNode;
  /** When it changes, a caught error is forgotten and the children are drawn again (a new page). */
  resetKey?: string;
}

interface State {
  error: unknown;
  /** The resetKey the error was caught under. */
  key?: string;
}

/**
 * Catches what a page throws while rendering. A chunk that failed to load (a new release) is reported
 * to the host, which asks to reload (SPEC 8); the page area shows why instead of going blank.
 * A sub-app page's is keyed by the page's path by its parent; the host's, around the whole route tree
 * (the layout included), is reset by its resetKey instead, so another page starts with a clean slate
 * without the layout being drawn anew.
 */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.key) return null;
    return { key: props.resetKey, error: undefined };
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
