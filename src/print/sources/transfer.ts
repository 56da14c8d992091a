import { api } from '@/runtime/request';
import { failure, type Loaded, ready } from './load';
import type { TransferPrint } from './types';

/** The transfer requisition as printed; the server counts the print (server/routes/print-data). */
export async function loadTransferPrint(
  code: string,
  signal: AbortSignal,
): Promise<Loaded<TransferPrint> | undefined> {
  try {
    const doc = await api.post<TransferPrint>(
      `/gateApi/storageAdmin/alloc/web/print/${encodeURIComponent(code)}`,
      undefined,
      { silent: true, signal },
    );
    return ready(doc);
  } catch (error) {
    return failure(error, '调拨单', code);
  }
}
