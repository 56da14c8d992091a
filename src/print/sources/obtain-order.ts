import { api } from '@/runtime/request';
import { failure, type Loaded, notFound, ready } from './load';
import type { ObtainOrder } from './types';

/** A department requisition by id (SPEC 7.8 DpObtainOutOrder). */
export async function loadObtainOrder(
  id: string,
  signal: AbortSignal,
): Promise<Loaded<ObtainOrder> | undefined> {
  // Ids are positive integers: anything else cannot name a requisition, so it is not asked for.
  if (!/^[1-9]\d{0,9}$/.test(id)) return { state: 'missing', message: notFound('部门领用单', id) };
  try {
    const order = await api.get<ObtainOrder>(
      `/gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById/${id}`,
      undefined,
      { silent: true, signal },
    );
    return ready(order);
  } catch (error) {
    return failure(error, '部门领用单', id);
  }
}
