import { FRESH_SYSTEM_ID } from '../../src/schema/contracts/session';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { actingRoleIds } from './roles';

/** SPEC 3 'organisation reference' status labels; 2 is not named by the spec (docs/decisions.md). */
export const REF_OBJ_STATUS_NAMES: Record<number, string> = { 0: '暂停营业', 1: '营业中', 2: '闭店中' };

/** The one subsystem whose stores are chosen in this console (SPEC 2.3, 9). */
export { FRESH_SYSTEM_ID };

export const CHOOSE_ORG = '请选择机构';

/** 13800000005 → 138****0005 (SPEC 2.2 example): the rule of the engine's masked fields (src/schema/mask.ts). */
export { maskPhone } from '../../src/schema/mask';

export interface OrgRef {
  orgId: number;
  refObjId: number;
  refObjName: string;
  refObjCode: string;
  refObjType: number;
  refObjStatus: number;
  refObjStatusName: string;
  shopType: number | null;
  managementMode: number | null;
}

/** The organisations a user holds (user_org), in tree order. */
export async function orgRefs(db: Database, userId: number, orgId?: number): Promise<OrgRef[]> {
  let query = db
    .selectFrom('userOrg')
    .innerJoin('org', 'org.id', 'userOrg.orgId')
    .select([
      'org.id',
      'org.code',
      'org.name',
      'org.refObjType',
      'org.refObjStatus',
      'org.shopType',
      'org.managementMode',
    ])
    .where('userOrg.userId', '=', userId);
  if (orgId !== undefined) query = query.where('org.id', '=', orgId);
  const rows = await query.orderBy('org.refObjType').orderBy('org.sort').orderBy('org.id').execute();
  return rows.map((o) => ({
    orgId: o.id,
    // The organisation is its own reference object here: stores, warehouses and offices are all org rows.
    refObjId: o.id,
    refObjName: o.name,
    refObjCode: o.code,
    refObjType: o.refObjType,
    refObjStatus: o.refObjStatus,
    refObjStatusName: REF_OBJ_STATUS_NAMES[o.refObjStatus] ?? '',
    shopType: o.shopType,
    managementMode: o.managementMode,
  }));
}

export interface PermissionEntry {
  id: number;
  parentId: number | null;
  name: string;
  uri: string | null;
  menuClass: number;
  app: string;
}

/**
 * The user's menu entries (groups and pages: permissions) and buttons (powerControl) in the chosen
 * organisation, through the active roles he acts with there (services/roles.ts). The sidebar is built
 * from permissions; buttons are shown by powerControl code (SPEC 6).
 */
export async function userPermissions(db: Database, userId: number, orgId: number | null) {
  const rows = await db
    .selectFrom('role')
    .innerJoin('rolePermission', 'rolePermission.roleId', 'role.id')
    .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
    .select([
      'permission.id',
      'permission.parentId',
      'permission.name',
      'permission.uri',
      'permission.menuClass',
      'permission.app',
      'permission.code',
      'permission.sort',
    ])
    .distinct()
    .where('role.id', 'in', actingRoleIds(db, userId, orgId))
    .where('role.status', '=', 1)
    .orderBy('permission.id')
    .execute();
  const permissions: PermissionEntry[] = [];
  const powerControl: { code: string }[] = [];
  const entries = [...rows, ...(await missingAncestors(db, rows))].sort((a, b) => a.id - b.id);
  for (const r of entries) {
    if (r.menuClass === 3) {
      if (r.code) powerControl.push({ code: r.code });
    } else {
      permissions.push({
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        uri: r.uri,
        menuClass: r.menuClass,
        app: r.app,
      });
    }
  }
  return { permissions, powerControl };
}

/**
 * Groups above granted pages that the roles do not hold themselves (a role editor may tick a page
 * without its group): the sidebar needs them to place the page, and they grant nothing else.
 */
async function missingAncestors(
  db: Database,
  granted: { id: number; parentId: number | null; menuClass: number }[],
) {
  const have = new Set(granted.map((r) => r.id));
  const found: Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>> = [];
  let wanted = [...new Set(granted.filter((r) => r.menuClass !== 3).map((r) => r.parentId))].filter(
    (id): id is number => id !== null && !have.has(id),
  );
  // The menu has three levels, so this loops at most twice.
  while (wanted.length) {
    const rows = await selectEntries(db).where('permission.id', 'in', wanted).execute();
    for (const r of rows) have.add(r.id);
    found.push(...rows);
    wanted = rows.map((r) => r.parentId).filter((id): id is number => id !== null && !have.has(id));
  }
  return found;
}

function selectEntries(db: Database) {
  return db
    .selectFrom('permission')
    .select([
      'permission.id',
      'permission.parentId',
      'permission.name',
      'permission.uri',
      'permission.menuClass',
      'permission.app',
      'permission.code',
      'permission.sort',
    ]);
}

/**
 * SPEC 3 user session/profile: user fields, the chosen-store payload and the permissions.
 * Throws 400 '请选择机构' when no organisation is chosen, 401 when the user no longer holds it.
 */
export async function buildProfile(db: Database, userId: number, orgId: number | null) {
  if (orgId === null) throw ApiError.badRequest(CHOOSE_ORG);
  const user = await db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [org] = await orgRefs(db, userId, orgId);
  if (!org) throw ApiError.forbidden();
  const { permissions, powerControl } = await userPermissions(db, userId, org.orgId);
  return {
    employeeNumber: user.account,
    realName: user.realName,
    userId: user.id,
    systemId: FRESH_SYSTEM_ID,
    orgId: org.orgId,
    // refObjType 1 is headquarters-type with no store (SPEC 3): no shop id then; warehouses have none either.
    shopId: org.refObjType === 2 ? org.refObjId : null,
    shopType: org.shopType,
    storeName: org.refObjName,
    refObjType: org.refObjType,
    refObjStatus: org.refObjStatus,
    managementMode: org.managementMode,
    permissions,
    powerControl,
  };
}
