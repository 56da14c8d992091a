import { api } from '@/runtime/request';
import { failure, type Loaded, missing, ready } from './load';
import type { PickOrder } from './types';

export const PICK_ORDER_PATH = '/gateApi/storageAdmin/pickOrder/findPickOrderAndItemsByCode';

/** A pick order by its code, lines in line order (the resource endpoint of schemas/resources/pickOrder.json). */
export async function loadPickOrder(
  code: string,
  signal: AbortSignal,
): Promise<Loaded<PickOrder> | undefined> {
  try {
    const order = await api.get<PickOrder>(`${PICK_ORDER_PATH}/${encodeURIComponent(code)}`, undefined, {
      silent: true,
      signal,
    });
    if (!order || !Array.isArray(order.itemList)) return missing(`未找到拣货单 ${code}，无法打印`);
    return ready({ ...order, itemList: [...order.itemList].sort((a, b) => a.lineNo - b.lineNo) });
  } catch (error) {
    return failure(error, '拣货单', code);
  }
}
