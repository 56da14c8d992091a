import { api, callContract } from '@/runtime/request';
import type { Profile } from '@/runtime/session';
import type { DataOf } from '@/schema/contracts/define';
import { orgList } from '@/schema/contracts/org';

/** An organisation the user may switch to (SPEC 3 'Organisation reference'). */
export type OrgRef = DataOf<typeof orgList>[number];

export const fetchOrgs = () => callContract(orgList, {});

/** Chooses the organisation for this session; answers the new profile with its permissions. */
export const chooseOrg = (org: OrgRef, systemId: number) =>
  api.post<Profile>('/api/v1/auth/chooseStore', { systemId, orgId: org.orgId, refObjType: org.refObjType });
