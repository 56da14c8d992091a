import { defineContract } from './define';
import { arr, int, nullable, obj, str } from './shapes';

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
