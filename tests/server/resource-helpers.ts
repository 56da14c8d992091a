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

/**
 * Signs in a generated employee after giving him one new role that holds exactly these menu entries
 * (page uris or button codes): a user with a precise set of permissions.
 */
export async function userWith(t: TestApp, account: string, keys: string[]): Promise<string> {
  const db = t.database.db;
  const role = await db
    .insertInto('role')
    .values({ code: `T_${account}`, name: `测试${account}`, orgAttributeName: '门店', status: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const perms = await db
    .selectFrom('permission')
    .select('id')
    .where((eb) => eb.or([eb('uri', 'in', keys), eb('code', 'in', keys)]))
    .execute();
  if (perms.length) {
    await db
      .insertInto('rolePermission')
      .values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })))
      .execute();
  }
  const user = await db
    .selectFrom('appUser')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('userRole').where('userId', '=', user.id).execute();
  await db.insertInto('userRole').values({ userId: user.id, roleId: role.id }).execute();
  return t.login(account);
}

export const TODO_LIST = '/api/v1/approval/task/findTodoByPage';

/** The caller's first open approval task found by a keyword (usually the document's code). */
export async function todoTask(t: TestApp, token: string, keyword: unknown) {
  const res = await callJson(t, token, 'POST', TODO_LIST, { pageNo: 1, pageSize: 5, keyword });
  return (res.body.data.list as Array<Record<string, unknown> & { id: number }>)[0];
}

/** Money as whole cents, so sums compare exactly (no floating-point tolerance). */
export const cents = (v: unknown) => Math.round(Number(v) * 100);
