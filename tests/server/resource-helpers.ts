import type { TestApp } from '../fixtures/app';
import { sql } from 'kysely';

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
  const res = await t.json(token, 'POST', TODO_LIST, { pageNo: 1, pageSize: 5, keyword });
  return (res.body.data.list as Array<Record<string, unknown> & { id: number }>)[0];
}

/** Money as whole cents, so sums compare exactly (no floating-point tolerance). */
export const cents = (v: unknown) => Math.round(Number(v) * 100);

/**
 * A picker bound to a pick zone of a warehouse (schemas/seed/pickerArea.json), the lowest user id:
 * what 分配拣货员 takes (pickerId) for a pick order of that warehouse and zone.
 */
export async function boundPicker(t: TestApp, warehouseId: number, pickZone: number) {
  const row = await t.database.db
    .selectFrom('pickerArea' as never)
    .select(['pickerId as id', 'pickerName as name'] as never)
    .where('warehouseId' as never, '=', warehouseId as never)
    .where('pickZone' as never, '=', pickZone as never)
    .where('status' as never, '=', 1 as never)
    .orderBy('pickerId' as never)
    .executeTakeFirstOrThrow();
  return row as unknown as { id: number; name: string };
}

/** The first unassigned pick order (待分配) that has a picker bound to its zone, with that picker. */
export async function assignablePick(t: TestApp) {
  const { rows } = await sql<{ id: number; pickerId: number; pickerName: string }>`
    select p.id, a.picker_id as "pickerId", a.picker_name as "pickerName"
    from pick_order p join picker_area a on a.warehouse_id = p.warehouse_id and a.pick_zone = p.pick_zone
      and a.status = 1
    where p.status = 10 order by p.id, a.picker_id limit 1`.execute(t.database.db);
  return rows[0]!;
}
