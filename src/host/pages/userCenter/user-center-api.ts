import { callContract, uploadImage as uploadImageTo } from '@/runtime/request';
import { editPassword } from '@/schema/contracts/account';
import type { DataOf } from '@/schema/contracts/define';
import * as c from '@/schema/contracts/usercenter';
import { ENCRYPT_MODEL, encryptPassword } from '../auth-flow/encrypt';

/** SPEC 3 'User-centre info' (contract: src/schema/contracts/usercenter.ts; adds employeeNumber). */
export type UserCenterInfo = DataOf<typeof c.userCenterInfo>;

/** SPEC 7.5: the photo's upload model type. */
export const PHOTO_MODEL = 'AI_USER_PHOTO';

export const fetchUserCenterInfo = () => callContract(c.userCenterInfo, {});

export async function changePassword(oldPwd: string, newPwd: string) {
  const [oldEnc, newEnc] = await Promise.all([encryptPassword(oldPwd), encryptPassword(newPwd)]);
  return callContract(editPassword, {
    body: { oldPwd: oldEnc, newPwd: newEnc, encryptModel: ENCRYPT_MODEL },
  });
}

/** SPEC 7.5: the photo goes to the ai upload service (src/runtime/request/upload.ts). */
export const uploadImage = (file: File, modelType: string) => uploadImageTo(file, modelType, 'ai');

/** SPEC 4 'Photo': check the uploaded picture, then save it. */
export async function checkAndSavePhoto(relativeUrl: string) {
  await callContract(c.checkPhoto, { query: { url: relativeUrl } });
  return callContract(c.savePhoto, { body: { photoUrl: relativeUrl } });
}

export const deletePhoto = () => callContract(c.deletePhoto, {});
