import { api, uploadImage as uploadImageTo } from '@/runtime/request';
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

/** SPEC 7.5: the photo goes to the ai upload service (src/runtime/request/upload.ts). */
export const uploadImage = (file: File, modelType: string) => uploadImageTo(file, modelType, 'ai');

/** SPEC 4 'Photo': check the uploaded picture, then save it. */
export async function checkAndSavePhoto(relativeUrl: string): Promise<{ photoUrl: string }> {
  await api.get('/gateApi/ai/aidic/web/checkPxDataImageCollect', { url: relativeUrl });
  return api.post<{ photoUrl: string }>(`${BASE}/saveUserPhoto`, { photoUrl: relativeUrl });
}

export function deletePhoto(): Promise<unknown> {
  return api.post(`${BASE}/deleteUserPhoto`, {});
}
