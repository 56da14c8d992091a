import type { Actor } from '../context';
import type { AnyDb } from '../sql/db';
import type { WriteGuard } from './types';

/**
 * What "can manage roles" means: the role list page and the code that edits a role's permissions.
 * Whoever holds both can give any role back any permission, including the other role codes.
 */
export const ROLE_MANAGEMENT_KEYS = ['/admin/system/roleList', 'role:edit'] as const;

export const MSG_NOBODY_LEFT = '不能执行该操作：执行后将没有任何启用的账号能够管理角色';
export const MSG_SELF = '不能执行该操作：执行后您将失去角色管理权限';

/** Enabled accounts that, through enabled roles, hold every role-management key. */
async function managers(trx: AnyDb): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('app_user as u')
    .innerJoin('user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .innerJoin('role_permission as rp', 'rp.role_id', 'r.id')
    .innerJoin('permission as p', 'p.id', 'rp.permission_id')
    .select(['u.id as userId', 'p.uri as uri', 'p.code as code'])
    .where('u.status', '=', 1)
    .where('r.status', '=', 1)
    .where((eb) =>
      eb.or([eb('p.uri', 'in', [...ROLE_MANAGEMENT_KEYS]), eb('p.code', 'in', [...ROLE_MANAGEMENT_KEYS])]),
    )
    .execute();
  const held = new Map<number, Set<string>>();
  for (const row of rows) {
    const keys = held.get(Number(row.userId)) ?? new Set<string>();
    for (const k of [row.uri, row.code]) if (k) keys.add(k as string);
    held.set(Number(row.userId), keys);
  }
  const out = new Set<number>();
  for (const [id, keys] of held) if (ROLE_MANAGEMENT_KEYS.every((k) => keys.has(k))) out.add(id);
  return out;
}

/**
 * Issue 13.6: role management cannot be locked away. Refused: any write after which no enabled
 * account can manage roles any more, and any write by which the actor takes that ability from himself
 * (disabling his own role, removing the code from it, removing the role from himself).
 * Pinned by tests/server/role-lockout.test.ts.
 */
export const roleManagementGuard: WriteGuard<{ actorManaged: boolean; count: number }> = {
  name: 'roleManagement',
  lockKey: 13_006,
  watches: [
    { resource: 'role', kind: 'transition' },
    { resource: 'role', kind: 'delete' },
    { resource: 'role', kind: 'relation', name: 'permissions' },
    { resource: 'user', kind: 'transition' },
    { resource: 'user', kind: 'delete' },
    { resource: 'user', kind: 'relation', name: 'roles' },
  ],
  async before(trx: AnyDb, actor: Actor) {
    const now = await managers(trx);
    return { actorManaged: now.has(actor.userId), count: now.size };
  },
  // Only a write that takes the ability away is refused: a database where nobody manages roles yet
  // must still accept the writes that repair it (and every unrelated one).
  async after(trx, actor, before) {
    const now = await managers(trx);
    if (before.actorManaged && !now.has(actor.userId)) return MSG_SELF;
    if (before.count > 0 && now.size === 0) return MSG_NOBODY_LEFT;
    return null;
  },
};
