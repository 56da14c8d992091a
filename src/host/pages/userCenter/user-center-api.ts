import encHex from 'crypto-js/enc-hex';
import sha256 from 'crypto-js/sha256';
import { api, computeSignature, loadClientConfig } from '@/runtime/request';
import { getToken } from '@/runtime/session';
import { ENCRYPT_MODEL, encryptPassword } from '../auth-flow/encrypt';

/** SPEC 3 'User-centre info' (server/routes/usercenter/info.ts adds employeeNumber). */
export interface UserCenterInfo {
  employeeNumber: string;
  employeeName: string;
  employeeTypeName: string;
  orgName: string;
  positionName: string;
  employeeTel: string;
  bindPhoneHide: string;
  employeeEmail: string;
  employeeCity: string;
  bindWechatStatus: number;
  photoUrl: string;
}

const BASE = '/gateApi/user/smm/user/web';
/** SPEC 7.5: the photo's upload model type. */
export const PHOTO_MODEL = 'AI_USER_PHOTO';

export function fetchUserCenterInfo(): Promise<UserCenterInfo> {
  return api.post<UserCenterInfo>(`${BASE}/selectUserCenterInfo`, {});
}

export async function changePassword(oldPwd: string, newPwd: string): Promise<unknown> {
  const [oldEnc, newEnc] = await Promise.all([encryptPassword(oldPwd), encryptPassword(newPwd)]);
  return api.post('/api/v1/smm/user/editPassword', {
    oldPwd: oldEnc,
    newPwd: newEnc,
    encryptModel: ENCRYPT_MODEL,
  });
}

/**
 * SPEC 7.5 / 9: uploads carry timestamp and signature in the query, signed with the upload secret, which
 * the server derives from the request-signing secret as sha256('upload:' + secret)
 * (server/services/upload.ts uploadSecret).
 */
export async function uploadImage(
  file: File,
  modelType: string,
): Promise<{ relativeUrl: string; visitUrl: string }> {
  const { signSecret } = await loadClientConfig();
  const uploadSecret = sha256(`upload:${signSecret}`).toString(encHex);
  const timestamp = String(Date.now());
  const signature = computeSignature(uploadSecret, timestamp, getToken());
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post('/gateApi/aiUpload/restUpload', body, { params: { timestamp, signature, modelType } });
}

/** SPEC 4 'Photo': check the uploaded picture, then save it. */
export async function checkAndSavePhoto(relativeUrl: string): Promise<{ photoUrl: string }> {
  await api.get('/gateApi/ai/aidic/web/checkPxDataImageCollect', { url: relativeUrl });
  return api.post<{ photoUrl: string }>(`${BASE}/saveUserPhoto`, { photoUrl: relativeUrl });
}

export function deletePhoto(): Promise<unknown> {
  return api.post(`${BASE}/deleteUserPhoto`, {});
}
