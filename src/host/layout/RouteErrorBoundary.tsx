import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/runtime/chunk';
import { showChunkErrorDialog } from './chunk-dialog';
import { useTranslation } from '@/i18n';

const box: React.CSSProperties = { padding: '96px 24px', textAlign: 'center' };

/**
 * The host router's error element. A lazy page whose chunk could not be loaded (a new release removed
 * it) asks to reload (SPEC 8); any other error shows a plain error page with a reload button. Plain
 * markup: it is part of every first visit (/login included), so it stays light.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const { t } = useTranslation();
  useEffect(() => {
    if (chunk) showChunkErrorDialog();
    else console.error(error);
  }, [chunk, error]);
  return (
    <div style={box} role="alert">
      <h2 style={{ fontWeight: 500, margin: '0 0 8px' }}>
        {chunk ? t('errors.pageLoadFailed') : t('errors.pageError')}
      </h2>
      <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>
        {chunk ? t('errors.updated') : t('errors.retry')}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </div>
  );
}
