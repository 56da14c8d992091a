import type { TestApp } from '../fixtures/app';

interface Envelope {
  result: { success: boolean; code: string; msg: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read rows freely
  data: any;
}

/** Calls a resource endpoint as a signed-in user and returns status + envelope. */
export async function callJson(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.call({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Envelope };
}

export const PICK_LIST = '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList';
export const STOCK_OUT_LIST = '/gateApi/storageAdmin/stockOutOrder/findStockOutOrderByPage';
export const TRANSFER_LIST = '/gateApi/storageAdmin/transferApply/web/findByPage';
export const USER_LIST = '/api/manage/user/list';
export const ROLE_LIST = '/api/v1/smm/role/selectRoleListByPage';
