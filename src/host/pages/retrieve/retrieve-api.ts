import { callContract } from '@/runtime/request';
import { checkTelephoneCode, findUserPwdByPhone } from '@/schema/contracts/account';
import type { DataOf } from '@/schema/contracts/define';
import { ENCRYPT_MODEL, encryptPassword } from '../auth-flow/encrypt';

/** Password recovery calls (SPEC 7.2; contracts: src/schema/contracts/account.ts). All public. */
export function checkRecoveryCode(phone: string, code: string) {
  return callContract(checkTelephoneCode, { query: { phone, code } }, { needToken: false });
}

/** errorType 1: the code failed (back to step 1); 2: the password was refused (stay). */
export type ResetReply = DataOf<typeof findUserPwdByPhone>;

export async function resetPassword(phone: string, code: string, password: string) {
  const body = { phone, code, password: await encryptPassword(password), encryptModel: ENCRYPT_MODEL };
  return callContract(findUserPwdByPhone, { body }, { needToken: false });
}
