import { callContract } from '@/runtime/request';
import type { DataOf } from '@/schema/contracts/define';
import { orgList } from '@/schema/contracts/org';
import { chooseStore } from '@/schema/contracts/session';

/** An organisation the user may switch to (SPEC 3 'Organisation reference'). */
export type OrgRef = DataOf<typeof orgList>[number];

export const fetchOrgs = () => callContract(orgList, {});

/** Chooses the organisation for this session; answers the new profile with its permissions. */
export const chooseOrg = (org: OrgRef, systemId: number) =>
  callContract(chooseStore, { body: { systemId, orgId: org.orgId, refObjType: org.refObjType } });
