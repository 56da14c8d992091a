import { api } from '@/runtime/request';
import type { Profile } from '@/runtime/session';

/** An organisation the user may switch to (SPEC 3 'Organisation reference'). */
export interface OrgRef {
  orgId: number;
  refObjName: string;
  refObjType: number;
  refObjStatus: number;
  refObjStatusName: string;
}

export const fetchOrgs = () => api.post<OrgRef[]>('/api/v1/auth/orgList', {});

/** Chooses the organisation for this session; answers the new profile with its permissions. */
export const chooseOrg = (org: OrgRef, systemId: number) =>
  api.post<Profile>('/api/v1/auth/chooseStore', { systemId, orgId: org.orgId, refObjType: org.refObjType });
