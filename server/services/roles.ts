import { type Expression, sql } from 'kysely';
import type { Database } from '../db/index';

/**
 * The roles a user acts with in an organisation (issue 22.4, docs/decisions.md "Roles per
 * organisation"): the roles his account holds for that organisation (user_org_role) when it holds
 * any there, else his account roles (user_role), which apply in every organisation he holds. A
 * subquery of role ids, for `where('role.id', 'in', …)`. `orgId` null (no organisation chosen yet):
 * the account roles.
 */
export function actingRoleIds(
  db: Database,
  userId: number | Expression<number>,
  orgId: number | null | undefined | Expression<number | null>,
) {
  // Values, or a row's columns (a session's user and organisation, correlated: sessionRow's grant check).
  const org =
    typeof orgId === 'object' && orgId !== null ? sql<number>`coalesce(${orgId}, -1)` : (orgId ?? -1);
  const forOrg = db
    .selectFrom('userOrgRole')
    .select('userOrgRole.roleId')
    .where('userOrgRole.userId', '=', userId)
    .where('userOrgRole.orgId', '=', org);
  return db
    .selectFrom('userRole')
    .select('userRole.roleId')
    .where('userRole.userId', '=', userId)
    .where(({ not, exists }) => not(exists(forOrg)))
    .union(forOrg);
}
