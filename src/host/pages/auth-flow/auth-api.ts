import { callContract } from '@/runtime/request/lazy';
import * as account from '@/schema/contracts/account';
import type { DataOf } from '@/schema/contracts/define';
import { orgList, subsystemList } from '@/schema/contracts/org';
import * as session from '@/schema/contracts/session';
import { deviceInfo } from './device';
import { ENCRYPT_MODEL, encryptPassword } from './encrypt';

/**
 * The sign-in calls of the host pages (SPEC 7.1, 7.2; contracts: src/schema/contracts/session.ts,
 * account.ts, org.ts). Failures reject after the request layer showed the SPEC 8 message, so callers
 * only handle success. Return types are inferred: annotating them sends the compiler too deep into
 * json-schema-to-ts.
 */
export const APP_CODE = '10004';
export const SYSTEM_ID = 300;

/** SPEC 3 'Login response' (type 3 adds specialResult). */
export type LoginReply = DataOf<typeof session.login>;

export type AccountType = 1 | 2 | 3 | 4;

/** SPEC 3 'Navigation info response'. */
export type NavigationInfo = DataOf<typeof session.navigation>;

export type OrgRef = DataOf<typeof orgList>[number];
export type Subsystem = DataOf<typeof subsystemList>[number];

const loginBase = (accountType: AccountType) => ({
  accountType,
  appCode: APP_CODE,
  systemId: SYSTEM_ID,
  ...deviceInfo(),
});

export async function loginWithPassword(account: string, password: string) {
  const body = {
    ...loginBase(1),
    account,
    password: await encryptPassword(password),
    encryptModel: ENCRYPT_MODEL,
  };
  return callContract(session.login, { body }, { needToken: false });
}

export function loginWithPhone(phone: string, code: string) {
  return callContract(
    session.login,
    { body: { ...loginBase(2), account: phone, password: code } },
    { needToken: false },
  );
}

/** Types 3 (messaging-app code) and 4 (auth code): failures are shown on the page's card, not toasted. */
export function loginWithCode(accountType: 3 | 4, code: string) {
  return callContract(
    session.login,
    { body: { ...loginBase(accountType), account: code } },
    { needToken: false, silent: true },
  );
}

export function fetchNavigation(accountType: AccountType) {
  return callContract(session.navigation, { body: { accountType } });
}

export function logout() {
  return callContract(session.logout, {}, { silent: true });
}

export function fetchSubsystems() {
  return callContract(subsystemList, { body: { systemId: SYSTEM_ID } });
}

export function fetchAuthCode(systemId: number) {
  return callContract(session.authCode, { body: { systemId } });
}

export function fetchOrgs() {
  return callContract(orgList, {});
}

/** The chosen-store payload (SPEC 3) comes back with the permissions and powerControl of the profile. */
export function chooseStore(org: OrgRef) {
  return callContract(session.chooseStore, {
    body: { systemId: SYSTEM_ID, orgId: org.orgId, refObjType: org.refObjType },
  });
}

/** SMS purposes (server/routes/smm/user-account.ts): login, retrieve (slider proof), bind (signed in). */
export function sendPhoneCode(phone: string, purpose: 'login' | 'retrieve' | 'bind', proof?: string) {
  return callContract(
    account.sendPhoneCode,
    { query: { phone, purpose, ...(proof === undefined ? {} : { proof }) } },
    { needToken: purpose === 'bind' },
  );
}

/** A code to the signed-in user's own phone (identity check, change-phone step 1). */
export function sendUserPhoneCode() {
  return callContract(account.sendUserPhoneCode, {});
}

export function checkUserPhoneCode(code: string) {
  return callContract(account.checkUserPhoneCode, { query: { code } });
}

export function bindPhone(phone: string, code: string) {
  return callContract(account.bindPhone, { query: { phone, code } });
}

/**
 * The scan result check (SPEC 7.1 checkWechatInfoBeforeLogin); type 1 is public. The type comes from
 * the page's address: one the server does not know is refused here with the server's own message.
 */
export async function checkWechatInfo(code: string, actType: number) {
  const type = session.WECHAT_ACT_TYPES.find((t) => t === actType);
  if (type === undefined) throw new Error(session.WECHAT_TYPE_INVALID);
  return callContract(
    session.checkWechatInfo,
    { query: { code, type } },
    { needToken: type !== 1, silent: true },
  );
}
