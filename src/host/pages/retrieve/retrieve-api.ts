import { api } from '@/runtime/request';
import { ENCRYPT_MODEL, encryptPassword } from '../auth-flow/encrypt';

/** Password recovery calls (SPEC 7.2; server/routes/smm). All public. */
export function checkRecoveryCode(phone: string, code: string) {
  return api.get<boolean>(
    '/api/v1/smm/userAccount/checkTelephoneCode',
    { phone, code },
    { needToken: false },
  );
}

/** errorType 1: the code failed (back to step 1); 2: the password was refused (stay). */
export interface ResetReply {
  success: boolean;
  errorMsg: string;
  errorType: number;
}

export async function resetPassword(phone: string, code: string, password: string): Promise<ResetReply> {
  return api.post<ResetReply>(
    '/api/v1/smm/user/findUserPwdByPhone',
    { phone, code, password: await encryptPassword(password), encryptModel: ENCRYPT_MODEL },
    { needToken: false },
  );
}
