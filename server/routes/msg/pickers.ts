import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import {
  findPermissions,
  orgTree,
  pickRoles,
  pickUsers,
  type RoleQuery,
  roleOrgAttributes,
  type UserQuery,
} from '../../services/messages/pickers';
import { permissionKeys } from '../../services/session';
import { MSG_BASE } from './inbox';
import { paging } from './schemas';
import { DEPT_PERMISSION, RADIO_PERMISSION } from './send';

const scope = {
  type: 'string',
  enum: ['radio', 'dept'],
  default: 'radio',
  errorMessage: '发送类型不正确',
} as const;
const keyword = { type: 'string', maxLength: 50, errorMessage: '关键字不能超过50个字' } as const;

/**
 * Receiver pickers of the send dialogs (SPEC 6): organisation tree, roles (broadcast only), users.
 * Our paths under the message prefix (docs/decisions.md). Pinned by tests/server/panels-messages.test.ts.
 */
export default async function pickerRoutes(app: FastifyInstance) {
  const both = { permission: [RADIO_PERMISSION, DEPT_PERMISSION] };

  // A sender with only the department permission always gets the department view.
  const deptOf = (request: { auth: { userId: number } | null }, s: 'radio' | 'dept', held: boolean) =>
    s === 'dept' || !held ? { senderId: request.auth!.userId } : null;

  // What the sender holds in the organisation he works in (roles per organisation, services/roles.ts).
  const holdsRadio = async (auth: { userId: number; orgId: number | null }) =>
    (await permissionKeys(app.db, auth.userId, auth.orgId)).has(RADIO_PERMISSION);

  app.get<{ Querystring: { scope: 'radio' | 'dept' } }>(
    `${MSG_BASE}/receiverOrgTree`,
    { schema: { querystring: { type: 'object', properties: { scope } } }, config: both },
    async (request) => {
      const held = await holdsRadio(request.auth!);
      return ok(await orgTree(app.db, deptOf(request, request.query.scope, held)));
    },
  );

  app.post<{ Body: RoleQuery | null }>(
    `${MSG_BASE}/selectRoleList`,
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: {
            keyword,
            orgAttributeName: { type: 'string', maxLength: 50, errorMessage: '机构属性不正确' },
            permissionId: { type: 'integer', minimum: 1, errorMessage: '功能权限不正确' },
            ...paging,
          },
        },
      },
      // Reads sent by POST: neither idempotent nor operations to log.
      config: { permission: RADIO_PERMISSION, idempotent: false },
    },
    async (request) => ok(await pickRoles(app.db, { pageNo: 1, pageSize: 20, ...(request.body ?? {}) })),
  );

  app.get(`${MSG_BASE}/selectRoleOrgAttributeList`, { config: { permission: RADIO_PERMISSION } }, async () =>
    ok(await roleOrgAttributes(app.db)),
  );

  app.get<{ Querystring: { str?: string } }>(
    `${MSG_BASE}/selectFunctionPermissionList`,
    {
      schema: { querystring: { type: 'object', properties: { str: keyword } } },
      config: { permission: RADIO_PERMISSION },
    },
    async (request) => ok(await findPermissions(app.db, request.query.str ?? '')),
  );

  app.post<{ Body: (UserQuery & { scope?: 'radio' | 'dept' }) | null }>(
    `${MSG_BASE}/selectUserList`,
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: {
            keyword,
            orgId: { type: 'integer', minimum: 0, errorMessage: '组织机构不正确' },
            scope,
            ...paging,
          },
        },
      },
      config: { ...both, idempotent: false },
    },
    async (request) => {
      const { scope: s = 'radio', ...query } = request.body ?? {};
      const held = await holdsRadio(request.auth!);
      return ok(await pickUsers(app.db, { pageNo: 1, pageSize: 20, ...query }, deptOf(request, s, held)));
    },
  );
}
