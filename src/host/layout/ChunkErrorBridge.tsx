import useApp from 'antd/es/app/useApp';
import { useEffect } from 'react';
import { installChunkErrorHandler } from '@/runtime/chunk';
import { showChunkErrorDialog, setChunkDialogModal } from './chunk-dialog';

/** Listens for chunk-load failures nobody handled (SPEC 8). Rendered once inside <AntdApp>. */
export function ChunkErrorBridge() {
  const { modal } = useApp();
  useEffect(() => {
    setChunkDialogModal(modal);
    return installChunkErrorHandler(window, () => showChunkErrorDialog());
  }, [modal]);
  return null;
}
