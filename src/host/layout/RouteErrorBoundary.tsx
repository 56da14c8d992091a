import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '@/runtime/chunk';
import { showChunkErrorDialog } from './chunk-dialog';

/**
 * The host router's error element. A lazy page whose chunk could not be loaded (a new release removed
 * it) asks to reload (SPEC 8); any other error shows a plain error page with a reload button.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) showChunkErrorDialog();
    else console.error(error);
  }, [chunk, error]);
  return (
    <Result
      status={chunk ? 'info' : 'error'}
      title={chunk ? '页面加载失败' : '页面出错了'}
      subTitle={chunk ? '系统已更新，请刷新页面后继续使用' : '请刷新页面后重试，如仍有问题请联系管理人员'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
