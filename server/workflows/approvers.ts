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
    if (a.role)
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_role as ur')
            .innerJoin('role as r', 'r.id', 'ur.role_id')
            .select(sql`1`.as('one'))
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.code', '=', a.role!)
            .where('r.status', '=', 1),
        ),
      );
    if (a.permission)
      q = q.where(({ exists, selectFrom, or, eb }) =>
        exists(
          selectFrom('user_role as ur')
            .innerJoin('role as r', 'r.id', 'ur.role_id')
            .innerJoin('role_permission as rp', 'rp.role_id', 'r.id')
            .innerJoin('permission as p', 'p.id', 'rp.permission_id')
            .select(sql`1`.as('one'))
            .whereRef('ur.user_id', '=', 'u.id')
            .where('r.status', '=', 1)
            .where(or([eb('p.code', '=', a.permission as never), eb('p.uri', '=', a.permission as never)])),
        ),
      );
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
