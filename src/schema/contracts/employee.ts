import { defineContract } from './define';
import { arr, bool, int, obj, str } from './shapes';

/**
 * SPEC 7.3 employee functions (issue 20 point 4): an employee's organisations and the roles he acts
 * with in each (server/routes/employee/index.ts). Caller: the user detail of schemas/pages/admin/userList.json.
 */
export const employeeOrgInfo = defineContract({
  method: 'GET',
  path: '/api/manage/user/orgInfo/:id',
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, errorMessage: '用户不存在' } },
  },
  data: arr(
    obj({
      orgId: int,
      orgName: str,
      orgCode: str,
      /** The account's home organisation (app_user.org_id). */
      home: bool,
      /** Roles held for this organisation (user_org_role), else the account roles that apply there. */
      roleNames: arr(str),
      orgRoles: bool,
    }),
  ),
});
