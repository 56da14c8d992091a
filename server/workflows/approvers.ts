import { sql } from 'kysely';
import type { WorkflowApprover } from '../../src/generated/schema-files';
import type { AnyDb } from '../resources/sql/db';

/**
 * The users who may decide a step: the union of its approver entries, enabled accounts only. The
 * submitter is among them when he matches (the caller decides: he never approves his own document). Resolved when the step opens, so the task list
 * is a plain list of rows per user (待我审批 is then an indexed equality, not a permission join).
 */
export async function resolveApprovers(
  trx: AnyDb,
  approvers: WorkflowApprover[],
  submitter: { userId: number; orgId: number | null },
): Promise<{ id: number; realName: string }[]> {
  const found = new Map<number, string>();
  for (const a of approvers) {
    let q = trx
      .selectFrom('app_user as u')
      .select(['u.id as id', 'u.real_name as realName'])
      .where('u.status', '=', 1);
    if (a.users) q = q.where('u.account', 'in', a.users);
    // Roles per organisation (server/services/roles.ts): narrowed to the submitter's organisation, a
    // user counts with the roles he acts with there (its own roles if he has any, else his account's);
    // otherwise holding the grant through his account or any of his organisations counts.
    const submitterOrg = a.org === 'submitter' ? (submitter.orgId ?? -1) : null;
    /** Holding a role whose code (or a permission whose code or uri) is `value`. */
    const holds = (columns: ('r.code' | 'p.code' | 'p.uri')[], value: string) =>
      q.where(({ exists, selectFrom, or, and, not }) => {
        const through = (roles: 'user_role' | 'user_org_role') => {
          let held = selectFrom(`${roles} as ur`)
            .innerJoin('role as r', 'r.id', 'ur.role_id')
            .leftJoin('role_permission as rp', 'rp.role_id', 'r.id')
            .leftJoin('permission as p', 'p.id', 'rp.permission_id')
            .select(sql`1`.as('one'))
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.status', '=', 1)
            .where(({ or, eb }) => or(columns.map((c) => eb(c, '=', value as never))));
          if (roles === 'user_org_role' && submitterOrg !== null)
            held = held.where('ur.org_id', '=', submitterOrg);
          return exists(held);
        };
        if (submitterOrg === null) return or([through('user_role'), through('user_org_role')]);
        const ownRolesThere = selectFrom('user_org_role as own')
          .select(sql`1`.as('one'))
          .whereRef('own.user_id', '=', 'u.id')
          .where('own.org_id', '=', submitterOrg);
        return or([through('user_org_role'), and([through('user_role'), not(exists(ownRolesThere))])]);
      });
    if (a.role) q = holds(['r.code'], a.role);
    if (a.permission) q = holds(['p.code', 'p.uri'], a.permission);
    if (a.org === 'submitter') {
      // The submitter's organisation: his store manager is a manager of that store.
      const orgId = submitter.orgId ?? -1;
      q = q.where(({ or, eb, exists, selectFrom }) =>
        or([
          eb('u.org_id', '=', orgId),
          exists(
            selectFrom('user_org as uo')
              .select(sql`1`.as('one'))
              .whereRef('uo.user_id', '=', 'u.id')
              .where('uo.org_id', '=', orgId),
          ),
        ]),
      );
    }
    if (a.org === 'headquarters')
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('org as o')
            .select(sql`1`.as('one'))
            .whereRef('o.id', '=', 'u.org_id')
            .where('o.ref_obj_type', '=', 1),
        ),
      );
    for (const row of await q.orderBy('u.id').execute()) found.set(Number(row.id), String(row.realName));
  }
  return [...found].map(([id, realName]) => ({ id, realName }));
}
