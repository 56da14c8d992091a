import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { Database } from '../db/index';
import type { UploadFileTable } from '../db/schema';
import { ApiError } from '../http/envelope';
import { sha256Hex } from '../security/keys';
import { sniffImage } from './upload-image';
import { UPLOAD_MSG } from '../../src/schema/contracts/usercenter';

/**
 * Image uploads (SPEC 5 'Image upload', 7.5): three upload services (xs, xd, ai) share one store under
 * DATA_DIR/uploads/<bucket>/<modelType>/<yyyymm>/<random>.<ext>. The random name (128 bits) is what
 * protects a file: pictures are fetched by <img>, which sends no token.
 */
export const UPLOAD_BUCKETS = ['xs', 'xd', 'ai'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

export const PHOTO_MODEL = 'AI_USER_PHOTO';
export const UPLOAD_URL_PREFIX = '/uploads/';

export { UPLOAD_MSG };

export interface UploadRule {
  extensions: string[];
  maxKb: number;
  square: boolean;
  /** Smallest side in px, for photos a face must be recognisable in. */
  minSide: number;
}

/** The photo (SPEC 2.9, 5): .png and .jpg, square. Other model types: common image formats. */
export function uploadRule(modelType: string): UploadRule {
  if (modelType === PHOTO_MODEL)
    return { extensions: ['.png', '.jpg'], maxKb: 2048, square: true, minSide: 100 };
  return { extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'], maxKb: 5120, square: false, minSide: 1 };
}

export const extensionMessage = (rule: UploadRule) => `仅限上传 ${rule.extensions.join('、')} 后缀的文件`;
export const sizeMessage = (rule: UploadRule) => `上传文件大小不能超过 ${rule.maxKb} KB!`;

/**
 * The upload signature travels in the query (SPEC 7.5) and uses its own secret (SPEC 9), derived from the
 * request-signing secret so the page can compute it: signature = sha256(uploadSecret + timestamp + token).
 */
export function uploadSecret(signSecret: string): string {
  return sha256Hex(`upload:${signSecret}`);
}

export function validUploadSignature(
  signSecret: string,
  query: { timestamp: string; signature: string },
  token: string,
  skewMs: number,
): boolean {
  if (!/^\d{10,16}$/.test(query.timestamp)) return false;
  if (Math.abs(Date.now() - Number(query.timestamp)) > skewMs) return false;
  const expected = Buffer.from(sha256Hex(uploadSecret(signSecret) + query.timestamp + token));
  const actual = Buffer.from(query.signature.toLowerCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Checks one image against a rule; returns the Chinese reason, or undefined when it passes. */
export function imageProblem(buf: Buffer, fileName: string, rule: UploadRule) {
  const ext = path.extname(fileName).toLowerCase();
  if (!rule.extensions.includes(ext)) return { message: extensionMessage(rule) };
  if (buf.length > rule.maxKb * 1024) return { message: sizeMessage(rule) };
  const info = sniffImage(buf);
  // The bytes must be an image of the type the name claims.
  if (!info?.extensions.includes(ext)) return { message: UPLOAD_MSG.failed };
  if (rule.square && info.width !== info.height) return { message: UPLOAD_MSG.square };
  if (Math.min(info.width, info.height) < rule.minSide) return { message: UPLOAD_MSG.tooSmall };
  return { info, ext };
}

const RELATIVE_URL = /^(xs|xd|ai)\/[a-z0-9_]{2,40}\/\d{6}\/[0-9a-f]{32}\.(png|jpg|jpeg|gif|webp)$/;

/** Accepts a visitUrl or a relativeUrl; returns the relativeUrl when it is one of ours, else undefined. */
export function toRelativeUrl(url: string): string | undefined {
  let rel = url.trim();
  try {
    // A full URL (http://host/uploads/…) is reduced to its path.
    if (/^https?:\/\//i.test(rel)) rel = new URL(rel).pathname;
  } catch {
    return undefined;
  }
  if (rel.startsWith(UPLOAD_URL_PREFIX)) rel = rel.slice(UPLOAD_URL_PREFIX.length);
  return RELATIVE_URL.test(rel) ? rel : undefined;
}

export const visitUrlOf = (relativeUrl: string) => `${UPLOAD_URL_PREFIX}${relativeUrl}`;
export const fileOf = (dataDir: string, relativeUrl: string) =>
  path.join(dataDir, 'uploads', ...relativeUrl.split('/'));

export async function storeUpload(
  db: Database,
  dataDir: string,
  options: { userId: number; bucket: UploadBucket; modelType: string; buf: Buffer; fileName: string },
) {
  const rule = uploadRule(options.modelType);
  const checked = imageProblem(options.buf, options.fileName, rule);
  if (!checked.info) throw ApiError.badRequest(checked.message);
  const now = new Date();
  const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
  const relativeUrl = [
    options.bucket,
    options.modelType.toLowerCase(),
    month,
    `${randomBytes(16).toString('hex')}${checked.ext}`,
  ].join('/');
  await writeUpload(db, fileOf(dataDir, relativeUrl), options.buf, {
    userId: options.userId,
    modelType: options.modelType,
    relativeUrl,
    mime: checked.info.mime,
    width: checked.info.width,
    height: checked.info.height,
  });
  return { relativeUrl, visitUrl: visitUrlOf(relativeUrl) };
}

/**
 * Writes a checked upload to `file` (its folder is created) and records it in upload_file; shared by the
 * image uploads and the private ones (server/services/private-files.ts). `wx` refuses to overwrite: a
 * clash of random names fails rather than replacing someone's file. Mode 0o640 keeps it from other users.
 */
export async function writeUpload(
  db: Database,
  file: string,
  buf: Buffer,
  row: Omit<Insertable<UploadFileTable>, 'size'>,
): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, buf, { flag: 'wx', mode: 0o640 });
  await db
    .insertInto('uploadFile')
    .values({ ...row, size: buf.length })
    .execute();
}

/**
 * The photo check (SPEC 7.5 checkPxDataImageCollect): the url is an upload of this user, the file is
 * still there, its bytes are an image, and it meets the photo rule (square, large enough).
 */
export async function checkUserPhoto(db: Database, dataDir: string, userId: number, url: string) {
  const relativeUrl = toRelativeUrl(url);
  const row = relativeUrl
    ? await db
        .selectFrom('uploadFile')
        .select(['id', 'relativeUrl', 'modelType'])
        .where('relativeUrl', '=', relativeUrl)
        .where('userId', '=', userId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw ApiError.badRequest(UPLOAD_MSG.missing);
  const buf = await fs.readFile(fileOf(dataDir, row.relativeUrl)).catch(() => undefined);
  if (!buf) throw ApiError.badRequest(UPLOAD_MSG.missing);
  const checked = imageProblem(buf, row.relativeUrl, uploadRule(PHOTO_MODEL));
  if (!checked.info) throw ApiError.badRequest(checked.message);
  return row;
}

/** Removes an upload: the row and the file (a missing file is already gone). */
export async function deleteUpload(db: Database, dataDir: string, relativeUrl: string): Promise<void> {
  await db.deleteFrom('uploadFile').where('relativeUrl', '=', relativeUrl).execute();
  await fs.rm(fileOf(dataDir, relativeUrl), { force: true });
}
