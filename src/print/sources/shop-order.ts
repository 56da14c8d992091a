import { api } from '@/runtime/request';
import { readPrintData } from '../storage';
import { failure, type Loaded, missing, ready, STALE_DATA } from './load';
import type { ShopAppOrder } from './types';

/**
 * The pending-delivery slips: the order ids come from local storage (SPEC 2.14), each order from
 * GET /api/v1/shop/findAppOrderDetailsByOrderId with isPrint=1 (print status, masked phone).
 * One unknown order spoils the print: a partial batch would be mistaken for the whole.
 */
export async function loadUndelivered(
  param: string,
  signal: AbortSignal,
): Promise<Loaded<ShopAppOrder[]> | undefined> {
  const stored = readPrintData('undelivered', param);
  if (!stored) return missing(STALE_DATA);
  const orders: ShopAppOrder[] = [];
  for (const orderId of stored.orderIds) {
    try {
      orders.push(
        await api.get<ShopAppOrder>(
          '/api/v1/shop/findAppOrderDetailsByOrderId',
          { orderId, isPrint: 1 },
          { silent: true, signal },
        ),
      );
    } catch (error) {
      return failure(error, '门店订单', String(orderId));
    }
  }
  return ready(orders);
}
