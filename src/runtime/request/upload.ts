import encHex from 'crypto-js/enc-hex';
import sha256 from 'crypto-js/sha256';
import type { DataOf } from '@/schema/contracts/define';
import type { privateUpload, uploads } from '@/schema/contracts/usercenter';
import { getToken } from '../session';
import { api } from './client';
import { loadClientConfig } from './client-config';
import { computeSignature } from './sign';

/** What an image upload answers (SPEC 7.5; contract: src/schema/contracts/usercenter.ts uploads). */
export type UploadedImage = DataOf<(typeof uploads)['ai']>;

/**
 * SPEC 7.5 / 9: an image upload (multipart field 'file') to one of the three upload services. Timestamp
 * and signature travel in the query, signed with the upload secret, which the server derives from the
 * request-signing secret as sha256('upload:' + secret) (server/services/upload.ts uploadSecret).
 */
export async function uploadImage(
  file: File,
  modelType: string,
  service: 'xs' | 'xd' | 'ai' = 'ai',
): Promise<UploadedImage> {
  return signedUpload<UploadedImage>(`/gateApi/${service}Upload/restUpload`, file, modelType);
}

/** What a private upload answers (contract: src/schema/contracts/usercenter.ts privateUpload). */
export type UploadedPrivateFile = DataOf<typeof privateUpload>;

/**
 * A private file (a contract's PDF; docs/schemas.md 'Private files'), signed like the image uploads and
 * sent to the private upload service; the answer's path is what a field with `x-file` keeps.
 */
export async function uploadPrivateFile(file: File, modelType: string): Promise<UploadedPrivateFile> {
  return signedUpload<UploadedPrivateFile>('/gateApi/pvUpload/restUpload', file, modelType);
}

/** Both uploads: the file as multipart field 'file', timestamp, signature and model type in the query. */
async function signedUpload<T>(path: string, file: File, modelType: string): Promise<T> {
  const { signSecret } = await loadClientConfig();
  const uploadSecret = sha256(`upload:${signSecret}`).toString(encHex);
  const timestamp = String(Date.now());
  const signature = computeSignature(uploadSecret, timestamp, getToken());
  const body = new FormData();
  body.append('file', file, file.name);
  // The body is a file, which the contract does not describe: sent by the request layer directly.
  return api.post<T>(path, body, { params: { timestamp, signature, modelType } });
}
