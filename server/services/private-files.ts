import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/index';
import { type AnyDb, dynamic } from '../resources/sql/db';
import { ApiError } from '../http/envelope';
import { writeUpload } from './upload';
import { PRIVATE_FILE, PRIVATE_FILE_MSG } from '../../src/schema/contracts/usercenter';

/**
 * Private files (docs/schemas.md 'Private files'): a field with `x-file` keeps the path of a PDF
 * uploaded through POST /gateApi/pvUpload/restUpload. The path is
 * pv/<modelType>/<yyyymm>/<32 hex>/<file name>; the bytes lie outside the public upload folder, under
 * DATA_DIR/private/<modelType>/<yyyymm>/<32 hex>.pdf, so GET /uploads/… (which only knows the image
 * buckets) never serves them. They are read through the engine's guarded route (server/resources/files.ts).
 */
export const PRIVATE_PREFIX = 'pv';

const PRIVATE_PATH = /^pv\/([a-z0-9_]{2,40})\/(\d{6})\/([0-9a-f]{32})\/([^/\\\p{Cc}#?%*:"<>|]{1,80}\.pdf)$/u;

/** The parts of a private file's path, or undefined when the text is not one. */
export function parsePrivatePath(value: unknown) {
  if (typeof value !== 'string') return undefined;
  const m = PRIVATE_PATH.exec(value);
  if (!m) return undefined;
  return { modelType: m[1]!, month: m[2]!, key: m[3]!, fileName: m[4]! };
}

const diskPath = (dataDir: string, p: { modelType: string; month: string; key: string }) =>
  path.join(dataDir, 'private', p.modelType, p.month, `${p.key}.pdf`);

/** A PDF by its bytes: the header %PDF-1.x / %PDF-2.x at the start and an end-of-file marker near the end. */
export function isPdf(buf: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(buf.subarray(0, 8).toString('latin1'))) return false;
  return buf.subarray(Math.max(0, buf.length - 1024)).includes('%%EOF');
}

/** The name kept in the path: the upload's base name without characters a path or header cannot carry. */
function cleanName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const stem = base
    .slice(0, base.length - 4)
    .replace(/[\p{Cc}#?%*:"<>|/\\]/gu, '_')
    .trim()
    .slice(0, 76);
  return `${stem || 'file'}.pdf`;
}

/** Checks and stores one private upload; answers the path a field keeps. Refusals are in Chinese. */
export async function storePrivateUpload(
  db: Database,
  dataDir: string,
  options: { userId: number; modelType: string; buf: Buffer; fileName: string },
) {
  if (!PRIVATE_FILE.extensions.some((e) => options.fileName.toLowerCase().endsWith(e)))
    throw ApiError.badRequest(PRIVATE_FILE_MSG.extension);
  if (options.buf.length > PRIVATE_FILE.maxKb * 1024) throw ApiError.badRequest(PRIVATE_FILE_MSG.size);
  if (!isPdf(options.buf)) throw ApiError.badRequest(PRIVATE_FILE_MSG.notPdf);
  const now = new Date();
  const parts = {
    modelType: options.modelType.toLowerCase(),
    month: `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`,
    key: randomBytes(16).toString('hex'),
  };
  const fileName = cleanName(options.fileName);
  const relativeUrl = [PRIVATE_PREFIX, parts.modelType, parts.month, parts.key, fileName].join('/');
  // A PDF has no pixel size: width and height are 0.
  await writeUpload(db, diskPath(dataDir, parts), options.buf, {
    userId: options.userId,
    modelType: options.modelType,
    relativeUrl,
    mime: 'application/pdf',
    width: 0,
    height: 0,
  });
  return { relativeUrl, fileName };
}

/**
 * A write naming a private file: it must be one uploaded through the private upload for the field's
 * model type, by the writer (`userId`; the engine's own writes pass none), so no write can point a row at
 * another kind's file, at someone else's upload or at a path never uploaded. `db` is the write's
 * transaction.
 */
export async function assertPrivateUpload(
  db: AnyDb,
  modelType: string,
  value: unknown,
  userId: number | undefined,
): Promise<void> {
  if (value === null || value === undefined || value === '') return;
  const p = parsePrivatePath(value);
  let query = dynamic(db)
    .selectFrom('uploadFile')
    .select('id')
    .where('relativeUrl', '=', value as string)
    .where('modelType', '=', modelType);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  const row = p && p.modelType === modelType.toLowerCase() ? await query.executeTakeFirst() : undefined;
  if (!row) throw ApiError.badRequest(PRIVATE_FILE_MSG.missing);
}

/** The bytes of a stored private file, or undefined when the path is not one or the file is gone. */
export async function readPrivateFile(dataDir: string, value: unknown) {
  const p = parsePrivatePath(value);
  if (!p) return undefined;
  const buf = await fs.readFile(diskPath(dataDir, p)).catch(() => undefined);
  return buf ? { buf, fileName: p.fileName } : undefined;
}
