import { defineContract } from './define';
import { arr, int, nullable, obj, str, tree } from './shapes';

/**
 * Subsystem and organisation calls (SPEC 2.3, 2.4, 3; server/routes/auth/org.ts). Callers: the header's
 * organisation switcher (src/host/layout/header/org-api.ts) and the auth flow
 * (src/host/pages/auth-flow/auth-api.ts).
 */

/** SPEC 3 'Organisation reference': an organisation the user holds. */
export const orgRef = obj({
  orgId: int,
  refObjId: int,
  refObjName: str,
  refObjCode: str,
  refObjType: int,
  refObjStatus: int,
  refObjStatusName: str,
  shopType: nullable.int,
  managementMode: nullable.int,
});

/** The subsystem tiles, each with the organisations the user holds. */
export const subsystemList = defineContract({
  method: 'POST',
  path: '/api/v1/auth/subsystemList',
  body: { type: 'object', properties: { systemId: { type: 'integer' } } },
  data: arr(obj({ systemId: int, systemName: str, systemUrl: nullable.str, orgRefInfoList: arr(orgRef) })),
});

/** The organisations the user holds, in tree order. */
export const orgList = defineContract({
  method: 'POST',
  path: '/api/v1/auth/orgList',
  data: arr(orgRef),
});

/**
 * SPEC 7.3: the organisation tree of the pickers (src/renderer/widgets/OrgTreeSelect.tsx); with
 * `userId`, the organisations that user holds and their ancestors.
 */
export const orgTree = defineContract({
  method: 'GET',
  path: '/api/v1/smm/org/findAllOrgTree',
  query: {
    type: 'object',
    properties: { userId: { type: 'integer', minimum: 1, errorMessage: '用户编号不正确' } },
  },
  data: tree(
    'orgTreeNode',
    obj({ orgId: int, orgName: str, orgCode: str, refObjType: int, refObjStatus: int }),
  ),
});
