import encHex from 'crypto-js/enc-hex';
import sha256 from 'crypto-js/sha256';
import { getToken } from '../session';
import { api } from './client';
import { loadClientConfig } from './client-config';
import { computeSignature } from './sign';

/** What an image upload answers (SPEC 7.5): the stored path and the url to show it. */
export interface UploadedImage {
  relativeUrl: string;
  visitUrl: string;
}

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
  const { signSecret } = await loadClientConfig();
  const uploadSecret = sha256(`upload:${signSecret}`).toString(encHex);
  const timestamp = String(Date.now());
  const signature = computeSignature(uploadSecret, timestamp, getToken());
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post(`/gateApi/${service}Upload/restUpload`, body, {
    params: { timestamp, signature, modelType },
  });
}
