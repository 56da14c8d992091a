import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { PRINTER_MSG } from './api';

/**
 * Set or cancel a default printer: one call at a time (a second click while one runs is ignored),
 * '操作成功' or '操作失败' (SPEC 8), then the list reloads.
 */
export function usePrinterAction(reload: () => void) {
  const { message } = useApp();
  const [busy, setBusy] = useState<number>();
  const run = async (id: number, action: (id: number) => Promise<boolean>) => {
    if (busy !== undefined) return;
    setBusy(id);
    try {
      await action(id);
      message.success(PRINTER_MSG.ok);
      reload();
    } catch {
      message.error(PRINTER_MSG.failed);
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}
