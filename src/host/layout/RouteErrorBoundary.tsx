import { Button } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/runtime/chunk';
import { showChunkErrorDialog } from './chunk-dialog';

const box: React.CSSProperties = { padding: '96px 24px', textAlign: 'center' };

/**
 * The host router's error element. A lazy page whose chunk could not be loaded (a new release removed
 * it) asks to reload (SPEC 8); any other error shows a plain error page with a reload button. Plain
 * markup: it is part of every first visit (/login included), so it stays light.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) showChunkErrorDialog();
    else console.error(error);
  }, [chunk, error]);
  return (
    <div style={box} role="alert">
      <h2 style={{ fontWeight: 500, margin: '0 0 8px' }}>{chunk ? '页面加载失败' : '页面出错了'}</h2>
      <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>
        {chunk ? '系统已更新，请刷新页面后继续使用' : '请刷新页面后重试，如仍有问题请联系管理人员'}
      </p>
      <Button type="primary" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </div>
  );
}
