import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { ApiError } from '../../http/envelope';

/** SPEC 3 send payload: what the sender picked. Names are looked up again; the client's are not trusted. */
export interface ReceiverInput {
  orgList?: { orgId: number; orgName?: string }[];
  roleList?: { roleId: number; roleName?: string }[];
  userList?: { userId: number; userName?: string }[];
}

export interface ResolvedRange {
  orgs: { orgId: number; orgName: string }[];
  roles: { roleId: number; roleName: string }[];
  users: { userId: number; userName: string }[];
  /** Readable summary shown with the message (receiveRange). */
  summary: string;
}

export const RECEIVER_MSG = {
  noRange: '请至少选择1个接收者范围',
  orgAll: '组织机构不能选全部',
  orgMissing: '组织机构不存在',
  roleMissing: '角色不存在或已停用',
  userMissing: '用户不存在或未开通账号',
  orgOutOfScope: '只能选择本部门及下级组织机构',
  userOutOfScope: '只能选择本部门及下级组织机构的用户',
  nobody: '所选接收者范围内没有可接收消息的用户',
} as const;

/** 'All' in the organisation picker: the picker's top entry 全部 (orgId 0), or the root of the tree. */
export const ALL_ORG_ID = 0;

const unique = (ids: number[]) => [...new Set(ids)];

/** The organisations in the subtrees of `roots` (the roots included). */
export async function subtreeOrgIds(db: Database, roots: number[]): Promise<number[]> {
  if (roots.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    with recursive tree as (
      select id from org where id in (${sql.join(roots)})
      union
      select o.id from org o join tree t on o.parent_id = t.id
    )
    select id from tree`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Checks the picked ranges and names them from the database: 'All' is refused, every id must exist
 * (roles active, users with an opened account), and a department notice may only reach the sender's
 * own organisations and those below them (docs/decisions.md).
 */
export async function checkRange(
  db: Database,
  input: ReceiverInput,
  scope: { senderId: number } | null,
): Promise<ResolvedRange> {
  const orgIds = unique((input.orgList ?? []).map((o) => o.orgId));
  const roleIds = unique((input.roleList ?? []).map((r) => r.roleId));
  const userIds = unique((input.userList ?? []).map((u) => u.userId));
  if (orgIds.length + roleIds.length + userIds.length === 0) throw ApiError.badRequest(RECEIVER_MSG.noRange);
  if (orgIds.includes(ALL_ORG_ID)) throw ApiError.badRequest(RECEIVER_MSG.orgAll);

  const orgs = orgIds.length
    ? await db.selectFrom('org').select(['id', 'name', 'parentId']).where('id', 'in', orgIds).execute()
    : [];
  if (orgs.length !== orgIds.length) throw ApiError.badRequest(RECEIVER_MSG.orgMissing);
  // The root of the tree is everyone: the same as 'All'.
  if (orgs.some((o) => o.parentId === null)) throw ApiError.badRequest(RECEIVER_MSG.orgAll);

  const roles = roleIds.length
    ? await db
        .selectFrom('role')
        .select(['id', 'name'])
        .where('id', 'in', roleIds)
        .where('status', '=', 1)
        .execute()
    : [];
  if (roles.length !== roleIds.length) throw ApiError.badRequest(RECEIVER_MSG.roleMissing);

  const users = userIds.length
    ? await db
        .selectFrom('appUser')
        .select(['id', 'realName', 'orgId'])
        .where('id', 'in', userIds)
        .where('status', '=', 1)
        .execute()
    : [];
  if (users.length !== userIds.length) throw ApiError.badRequest(RECEIVER_MSG.userMissing);

  if (scope) {
    const allowed = new Set(await senderScope(db, scope.senderId));
    if (orgs.some((o) => !allowed.has(o.id))) throw ApiError.badRequest(RECEIVER_MSG.orgOutOfScope);
    if (users.some((u) => u.orgId === null || !allowed.has(u.orgId)))
      throw ApiError.badRequest(RECEIVER_MSG.userOutOfScope);
  }

  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const orgMap = byId(orgs);
  const roleMap = byId(roles);
  const userMap = byId(users);
  const resolved = {
    orgs: orgIds.map((id) => ({ orgId: id, orgName: orgMap.get(id)!.name })),
    roles: roleIds.map((id) => ({ roleId: id, roleName: roleMap.get(id)!.name })),
    users: userIds.map((id) => ({ userId: id, userName: userMap.get(id)!.realName })),
  };
  return { ...resolved, summary: summarise(resolved) };
}

function summarise(r: Omit<ResolvedRange, 'summary'>): string {
  const parts: string[] = [];
  if (r.orgs.length) parts.push(`组织机构：${r.orgs.map((o) => o.orgName).join('、')}`);
  if (r.roles.length) parts.push(`角色：${r.roles.map((o) => o.roleName).join('、')}`);
  if (r.users.length) parts.push(`用户：${r.users.map((o) => o.userName).join('、')}`);
  return parts.join('；').slice(0, 2000);
}

/** The organisations a department notice may reach: the sender's organisations and everything below. */
export async function senderScope(db: Database, senderId: number): Promise<number[]> {
  const own = await db.selectFrom('userOrg').select('orgId').where('userId', '=', senderId).execute();
  return subtreeOrgIds(
    db,
    own.map((o) => o.orgId),
  );
}

/**
 * The people a range reaches (docs/decisions.md): an organisation means the opened accounts whose home
 * organisation is it or one below it; a role means the opened accounts holding it (for their account or
 * for one of their organisations); a user is himself.
 * The sender is left out: his copy is under 'sent by me'.
 */
export async function resolvePeople(
  db: Database,
  range: ResolvedRange,
  senderId: number | null,
): Promise<number[]> {
  const ids = new Set<number>();
  const orgIds = await subtreeOrgIds(
    db,
    range.orgs.map((o) => o.orgId),
  );
  if (orgIds.length) {
    const rows = await db
      .selectFrom('appUser')
      .select('id')
      .where('status', '=', 1)
      .where('orgId', 'in', orgIds)
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  if (range.roles.length) {
    const roleIds = range.roles.map((r) => r.roleId);
    // Holding a role for one organisation only (user_org_role) is holding it too.
    const holders = db
      .selectFrom('userRole')
      .select('userRole.userId')
      .where('userRole.roleId', 'in', roleIds)
      .union(
        db.selectFrom('userOrgRole').select('userOrgRole.userId').where('userOrgRole.roleId', 'in', roleIds),
      );
    const rows = await db
      .selectFrom('appUser')
      .select('appUser.id')
      .where('appUser.status', '=', 1)
      .where('appUser.id', 'in', holders)
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  for (const u of range.users) ids.add(u.userId);
  if (senderId !== null) ids.delete(senderId);
  return [...ids].sort((a, b) => a - b);
}

/** Every opened account (system notices reach everyone). */
export async function everyone(db: Database): Promise<number[]> {
  const rows = await db.selectFrom('appUser').select('id').where('status', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Batches of receiver rows: far below PostgreSQL's bind-parameter limit. */
const BATCH = 1000;

/** Writes the receiver rows of a message, the people fixed at send time. */
export async function insertReceivers(db: Database, messageId: number, userIds: number[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += BATCH) {
    await db
      .insertInto('imMessageReceiver')
      .values(userIds.slice(i, i + BATCH).map((userId) => ({ messageId, userId })))
      .execute();
  }
}
