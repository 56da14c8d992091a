import { api } from '@/runtime/request';
import { failure, type Loaded, notFound, ready } from './load';
import type { StockOutOrder } from './types';

const LIST_PATH = '/gateApi/storageAdmin/stockOutOrder/findStockOutOrderByPage';
const GET_PATH = '/gateApi/storageAdmin/stockOutOrder/findStockOutOrderAndItemById';

/**
 * A stock-out order by its code. The resource reads one order by id (SPEC 7.8), so the code is looked
 * up in the list first (its orderCode filter matches substrings: the exact code is picked out).
 */
export async function loadStockOut(
  code: string,
  signal: AbortSignal,
): Promise<Loaded<StockOutOrder> | undefined> {
  try {
    const page = await api.post<{ list: { id: number; orderCode: string }[] }>(
      LIST_PATH,
      { pageNo: 1, pageSize: 20, orderCode: code },
      { silent: true, signal },
    );
    const hit = page.list.find((row) => row.orderCode === code);
    if (!hit) return { state: 'missing', message: notFound('出库单', code) };
    const order = await api.get<StockOutOrder>(`${GET_PATH}/${hit.id}`, undefined, { silent: true, signal });
    return ready({ ...order, itemList: [...order.itemList].sort((a, b) => a.lineNo - b.lineNo) });
  } catch (error) {
    return failure(error, '出库单', code);
  }
}
