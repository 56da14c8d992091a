import type { FastifyInstance } from 'fastify';
import { employeeOrgInfo } from '../../../src/schema/contracts/employee';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';

/**
 * GET /api/manage/user/orgInfo/:id (SPEC 7.3 "org info", issue 20.4): the organisations an employee
 * holds and the roles he acts with in each, as services/roles.ts decides them (roles of the
 * organisation when he holds any there, else his account roles). Readable by who reads the user list.
 */
export default async function employeeRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    employeeOrgInfo,
  )({
    config: { permission: '/admin/system/userList', idempotent: false },
    handler: async (request) => {
      const userId = request.params.id;
      const user = await app.db
        .selectFrom('appUser')
        .select('orgId')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw new ApiError(404, 'E0404', '用户不存在');
      const orgs = await app.db
        .selectFrom('userOrg')
        .innerJoin('org', 'org.id', 'userOrg.orgId')
        .select(['org.id', 'org.name', 'org.code'])
        .where('userOrg.userId', '=', userId)
        .orderBy('org.sort')
        .orderBy('org.id')
        .execute();
      const perOrg = await app.db
        .selectFrom('userOrgRole')
        .innerJoin('role', 'role.id', 'userOrgRole.roleId')
        .select(['userOrgRole.orgId', 'role.name'])
        .where('userOrgRole.userId', '=', userId)
        .orderBy('role.id')
        .execute();
      const account = await app.db
        .selectFrom('userRole')
        .innerJoin('role', 'role.id', 'userRole.roleId')
        .select('role.name')
        .where('userRole.userId', '=', userId)
        .orderBy('role.id')
        .execute();
      return orgs.map((o) => {
        const own = perOrg.filter((x) => x.orgId === o.id).map((x) => x.name);
        return {
          orgId: o.id,
          orgName: o.name,
          orgCode: o.code,
          home: o.id === user.orgId,
          roleNames: own.length ? own : account.map((x) => x.name),
          orgRoles: own.length > 0,
        };
      });
    },
  });
}
