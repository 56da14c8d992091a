import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { ALL_ORG_ID, senderScope } from './receivers';

/**
 * The receiver pickers of the send dialogs (SPEC 6): the organisation tree (with 'All' on top, which
 * the server refuses, so the picker can show why), active roles filtered by name or code, organisation
 * attribute and function permission, and opened accounts only.
 */
export interface OrgNode {
  orgId: number;
  orgName: string;
  orgCode: string;
  refObjType: number;
  children?: OrgNode[];
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tree under '全部' (orgId 0); for a department notice, only the sender's own subtrees. */
export async function orgTree(db: Database, dept: { senderId: number } | null): Promise<OrgNode[]> {
  const rows = await db
    .selectFrom('org')
    .select(['id', 'parentId', 'name', 'code', 'refObjType'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const allowed = dept ? new Set(await senderScope(db, dept.senderId)) : null;
  const nodes = new Map<number, OrgNode>();
  for (const r of rows) {
    if (allowed && !allowed.has(r.id)) continue;
    nodes.set(r.id, { orgId: r.id, orgName: r.name, orgCode: r.code, refObjType: r.refObjType });
  }
  const roots: OrgNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id);
    if (!node) continue;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  if (dept) return roots;
  return [{ orgId: ALL_ORG_ID, orgName: '全部', orgCode: 'ALL', refObjType: 1, children: roots }];
}

export interface RoleQuery {
  keyword?: string;
  orgAttributeName?: string;
  permissionId?: number;
  pageNo: number;
  pageSize: number;
}

export async function pickRoles(db: Database, q: RoleQuery) {
  let base = db.selectFrom('role as r').where('r.status', '=', 1);
  if (q.keyword) {
    const like = escapeLike(q.keyword.trim());
    base = base.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.code', 'ilike', like)]));
  }
  if (q.orgAttributeName) base = base.where('r.orgAttributeName', '=', q.orgAttributeName);
  if (q.permissionId !== undefined) {
    const permissionId = q.permissionId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('rolePermission as rp')
          .select('rp.roleId')
          .whereRef('rp.roleId', '=', 'r.id')
          .where('rp.permissionId', '=', permissionId),
      ),
    );
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const list = await base
    .select(['r.id', 'r.code', 'r.name', 'r.orgAttributeName'])
    .orderBy('r.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** Organisation attributes the roles carry (the role picker's filter). */
export async function roleOrgAttributes(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('role')
    .select('orgAttributeName')
    .distinct()
    .where('status', '=', 1)
    .where('orgAttributeName', 'is not', null)
    .orderBy('orgAttributeName')
    .execute();
  return rows.map((r) => r.orgAttributeName!);
}

/** Function permissions by name (the role picker's filter): pages and buttons of the menu. */
export async function findPermissions(db: Database, str: string) {
  return db
    .selectFrom('permission')
    .select(['id', 'name', 'uri', 'code', 'app'])
    .where('menuClass', '>', 1)
    .where('name', 'ilike', escapeLike(str.trim()))
    .orderBy('id')
    .limit(50)
    .execute();
}

export interface UserQuery {
  keyword?: string;
  orgId?: number;
  pageNo: number;
  pageSize: number;
}

/** Opened accounts only (SPEC 6), as SPEC 3 'Employee'; a department notice sees its own organisations. */
export async function pickUsers(db: Database, q: UserQuery, dept: { senderId: number } | null) {
  let base = db.selectFrom('appUser as u').leftJoin('org as o', 'o.id', 'u.orgId').where('u.status', '=', 1);
  if (q.keyword) {
    const like = escapeLike(q.keyword.trim());
    base = base.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.realName', 'ilike', like)]));
  }
  if (q.orgId !== undefined) base = base.where('u.orgId', '=', q.orgId);
  if (dept) {
    const scope = await senderScope(db, dept.senderId);
    if (scope.length === 0) return { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize };
    base = base.where('u.orgId', 'in', scope);
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const list = await base
    .select([
      'u.id as userId',
      'u.account as employeeCode',
      'u.realName as employeeName',
      'o.code as departmentCode',
      'o.name as departmentName',
      'u.employeeTypeName as employeeType',
    ])
    .orderBy('u.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}
