import { api, callContract } from '@/runtime/request';
import type { DataOf } from '@/schema/contracts/define';
import { orgList, subsystemList } from '@/schema/contracts/org';
import type { Profile } from '@/runtime/session';
import { deviceInfo } from './device';
import { ENCRYPT_MODEL, encryptPassword } from './encrypt';

/**
 * The sign-in calls of the host pages (SPEC 7.1, 7.2; paths in server/routes/auth and smm). Failures
 * reject after the request layer showed the SPEC 8 message, so callers only handle success.
 */
export const APP_CODE = '10004';
export const SYSTEM_ID = 300;

/** SPEC 3 'Login response' (type 3 adds specialResult). */
export interface LoginReply {
  token: string;
  userId: number;
  employeeNumber: string;
  realName: string;
  specialResult?: { success: boolean; msg: string };
}

export type AccountType = 1 | 2 | 3 | 4;

/** SPEC 3 'Navigation info response'. */
export interface NavigationInfo {
  navigationType: number;
  updatePwdTips: string;
  bindPhoneHide: string;
}

export type OrgRef = DataOf<typeof orgList>[number];
export type Subsystem = DataOf<typeof subsystemList>[number];

const loginBase = (accountType: AccountType) => ({
  accountType,
  appCode: APP_CODE,
  systemId: SYSTEM_ID,
  ...deviceInfo(),
});

export async function loginWithPassword(account: string, password: string): Promise<LoginReply> {
  const body = {
    ...loginBase(1),
    account,
    password: await encryptPassword(password),
    encryptModel: ENCRYPT_MODEL,
  };
  return api.post<LoginReply>('/api/v1/auth/login', body, { needToken: false });
}

export function loginWithPhone(phone: string, code: string): Promise<LoginReply> {
  return api.post<LoginReply>(
    '/api/v1/auth/login',
    { ...loginBase(2), account: phone, password: code },
    { needToken: false },
  );
}

/** Types 3 (messaging-app code) and 4 (auth code): failures are shown on the page's card, not toasted. */
export function loginWithCode(accountType: 3 | 4, code: string): Promise<LoginReply> {
  return api.post<LoginReply>(
    '/api/v1/auth/login',
    { ...loginBase(accountType), account: code },
    { needToken: false, silent: true },
  );
}

export function fetchNavigation(accountType: AccountType): Promise<NavigationInfo> {
  return api.post<NavigationInfo>('/api/v1/auth/navigation', { accountType });
}

export function logout(): Promise<unknown> {
  return api.post('/api/v1/user03/logout', deviceInfo(), { silent: true });
}

/** Return types inferred: annotating them sends the compiler too deep into json-schema-to-ts. */
export function fetchSubsystems() {
  return callContract(subsystemList, { body: { systemId: SYSTEM_ID } });
}

export function fetchAuthCode(systemId: number): Promise<{ authCode: string; systemUrl: string }> {
  return api.post('/api/v1/auth/authCode', { systemId });
}

export function fetchOrgs() {
  return callContract(orgList, {});
}

/** The chosen-store payload (SPEC 3) comes back with the permissions and powerControl of the profile. */
export function chooseStore(org: OrgRef): Promise<Profile> {
  return api.post<Profile>('/api/v1/auth/chooseStore', {
    systemId: SYSTEM_ID,
    orgId: org.orgId,
    refObjType: org.refObjType,
  });
}

/** SMS purposes of server/routes/smm/user-account.ts: login, retrieve (slider proof), bind (signed in). */
export function sendPhoneCode(phone: string, purpose: 'login' | 'retrieve' | 'bind', proof?: string) {
  return api.get<{ resendAfter: number }>(
    '/api/v1/smm/userAccount/sendPhoneCode',
    { phone, purpose, proof },
    { needToken: purpose === 'bind' },
  );
}

/** A code to the signed-in user's own phone (identity check, change-phone step 1). */
export function sendUserPhoneCode() {
  return api.get<{ phone: string; resendAfter: number }>('/api/v1/smm/userAccount/sendUserPhoneCode');
}

export function checkUserPhoneCode(code: string) {
  return api.get<boolean>('/api/v1/smm/userAccount/checkUserPhoneCode', { code });
}

export function bindPhone(phone: string, code: string) {
  return api.post<{ bindPhoneHide: string }>(
    '/api/v1/smm/userAccount/bindPhone',
    {},
    { params: { phone, code } },
  );
}

/** The scan result check (SPEC 7.1 checkWechatInfoBeforeLogin); type 1 is public. */
export function checkWechatInfo(code: string, type: number) {
  return api.get<unknown>(
    '/api/v1/auth/checkWechatInfoBeforeLogin',
    { code, type },
    { needToken: type !== 1, silent: true },
  );
}
