import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { sanitizeRichText } from './messages/html';
import { APP_OS, APPINFO_MSG } from '../../src/schema/contracts/appinfo';

/**
 * The download centre (SPEC 2.13, 3 'App', 7.10): versions per operating system with sanitised release
 * notes, uploaded packages under DATA_DIR/appinfo, and the front's app list and detail.
 * Apps themselves are a resource (schemas/resources/appInfo.json). Pinned by tests/server/panels-appinfo.test.ts.
 */
export { APP_OS };
export type AppOs = (typeof APP_OS)[number];

export const APPINFO_BASE = '/gateApi/common/appinfo';
/** Where an uploaded package is downloaded from: public, so that a phone scanning the QR code can fetch it. */
export const DOWNLOAD_PREFIX = `${APPINFO_BASE}/f/download`;
/** Packages up to 500 MB (installers of the handheld and desktop apps). */
export const MAX_PACKAGE_BYTES = 500 * 1024 * 1024;

export { APPINFO_MSG };

export interface VersionInput {
  appId: number;
  os: AppOs;
  appVersion: string;
  appRemark?: string;
  /** An uploaded package (its size and link are taken from it), or an outside link with an optional size. */
  packageId?: number | null;
  appUrl?: string;
  appSize?: number | null;
}

const packageDir = (dataDir: string) => path.join(dataDir, 'appinfo');

/** Keeps letters, digits, dots, dashes and underscores: the stored name never leaves the folder. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '');
  if (!base || base.length > 120) throw ApiError.badRequest(APPINFO_MSG.badName);
  return base;
}

/** Streams an uploaded package to disk (never held in memory) and records it. */
export async function storePackage(
  db: Database,
  dataDir: string,
  userId: number,
  file: { filename: string; stream: Readable; truncated: () => boolean },
) {
  const fileName = safeFileName(file.filename);
  const relativePath = `${randomUUID()}/${fileName}`;
  const target = path.join(packageDir(dataDir), relativePath);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await pipeline(file.stream, createWriteStream(target, { flags: 'wx' }));
    if (file.truncated()) throw ApiError.badRequest(APPINFO_MSG.tooLarge);
  } catch (error) {
    await fs.rm(path.dirname(target), { recursive: true, force: true });
    throw error;
  }
  const { size } = await fs.stat(target);
  const row = await db
    .insertInto('appPackage')
    .values({ fileName, relativePath, size, userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { packageId: row.id, fileName, appSize: size, appUrl: downloadUrl(row.id, fileName) };
}

export const downloadUrl = (packageId: number, fileName: string) =>
  `${DOWNLOAD_PREFIX}/${packageId}/${encodeURIComponent(fileName)}`;

/** The stored package behind a download link, or undefined. */
export async function findPackage(db: Database, dataDir: string, packageId: number) {
  const row = await db.selectFrom('appPackage').selectAll().where('id', '=', packageId).executeTakeFirst();
  if (!row) return undefined;
  return { ...row, file: path.join(packageDir(dataDir), row.relativePath) };
}

async function appOrFail(db: Database, appId: number) {
  const app = await db.selectFrom('appInfo').select('id').where('id', '=', appId).executeTakeFirst();
  if (!app) throw ApiError.badRequest(APPINFO_MSG.appMissing);
}

async function packageFields(db: Database, input: VersionInput) {
  if (input.packageId === undefined || input.packageId === null) {
    if (!input.appUrl) throw ApiError.badRequest('请上传安装包或填写下载地址');
    return { appUrl: input.appUrl, appSize: input.appSize ?? null, packageId: null };
  }
  const pkg = await db
    .selectFrom('appPackage')
    .select(['id', 'fileName', 'size'])
    .where('id', '=', input.packageId)
    .executeTakeFirst();
  if (!pkg) throw ApiError.badRequest(APPINFO_MSG.packageMissing);
  return { appUrl: downloadUrl(pkg.id, pkg.fileName), appSize: pkg.size, packageId: pkg.id };
}

export async function addVersion(db: Database, input: VersionInput) {
  await appOrFail(db, input.appId);
  const files = await packageFields(db, input);
  const row = await db
    .insertInto('appVersion')
    .values({
      appId: input.appId,
      os: input.os,
      appVersion: input.appVersion.trim(),
      appRemark: sanitizeRichText(input.appRemark ?? ''),
      ...files,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('appInfo')
    .set({ updateTime: sql`now()` })
    .where('id', '=', input.appId)
    .execute();
  return { id: row.id };
}

export async function modifyVersion(db: Database, id: number, input: VersionInput) {
  const current = await db.selectFrom('appVersion').select('id').where('id', '=', id).executeTakeFirst();
  if (!current) throw ApiError.badRequest(APPINFO_MSG.versionMissing);
  await appOrFail(db, input.appId);
  // An edit that names no new package and no outside link keeps the version's current file.
  const keep = (input.packageId === undefined || input.packageId === null) && !input.appUrl;
  const files = keep ? {} : await packageFields(db, input);
  await db
    .updateTable('appVersion')
    .set({
      appId: input.appId,
      os: input.os,
      appVersion: input.appVersion.trim(),
      appRemark: sanitizeRichText(input.appRemark ?? ''),
      ...files,
      updateTime: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return { id };
}

/** Starts (1) or stops (0) a version; the same state again is a 409. */
export async function setVersionStatus(db: Database, id: number, status: 0 | 1) {
  const v = await db.selectFrom('appVersion').select('status').where('id', '=', id).executeTakeFirst();
  if (!v) throw new ApiError(404, 'E0404', APPINFO_MSG.versionMissing);
  if (v.status === status) throw ApiError.conflict(status === 1 ? '该版本已启用' : '该版本已停用');
  await db.updateTable('appVersion').set({ status }).where('id', '=', id).execute();
  return { id, status };
}

/** SPEC 3: appSize is bytes, or '' when unknown. */
function versionOut(v: {
  id: number;
  os: string;
  appVersion: string;
  appSize: string | null;
  appRemark: string;
  appUrl: string;
  updateTime: Date;
  status?: number;
}) {
  return {
    id: v.id,
    os: v.os,
    appVersion: v.appVersion,
    updateTime: v.updateTime,
    appSize: v.appSize === null ? '' : Number(v.appSize),
    // Sanitised when stored; again here, so rows written before a rule change are safe too.
    appRemark: sanitizeRichText(v.appRemark),
    appUrl: v.appUrl,
    ...(v.status === undefined ? {} : { status: v.status }),
  };
}

export async function versionById(db: Database, id: number) {
  const v = await db.selectFrom('appVersion').selectAll().where('id', '=', id).executeTakeFirst();
  if (!v) throw new ApiError(404, 'E0404', APPINFO_MSG.versionMissing);
  return { ...versionOut(v), appId: v.appId, packageId: v.packageId, status: v.status };
}

/**
 * An app with its versions keyed by operating system, newest first (SPEC 3 appItemMap).
 * The front sees enabled apps and versions only; the admin (m/detail) sees all, with their status.
 */
export async function appDetail(db: Database, id: number, admin: boolean) {
  let q = db
    .selectFrom('appInfo')
    .select(['id', 'appName', 'appIconUrl', 'deviceName', 'status'])
    .where('id', '=', id);
  if (!admin) q = q.where('status', '=', 1);
  const app = await q.executeTakeFirst();
  if (!app) throw new ApiError(404, 'E0404', APPINFO_MSG.appMissing);
  let vq = db
    .selectFrom('appVersion')
    .selectAll()
    .where('appId', '=', id)
    .orderBy('updateTime', 'desc')
    .orderBy('id', 'desc');
  if (!admin) vq = vq.where('status', '=', 1);
  const versions = await vq.execute();
  const appItemMap: Record<string, ReturnType<typeof versionOut>[]> = {};
  for (const os of APP_OS) {
    const list = versions.filter((v) => v.os === os);
    if (list.length) appItemMap[os] = list.map((v) => versionOut(admin ? v : { ...v, status: undefined }));
  }
  return {
    id: app.id,
    appName: app.appName,
    appIconUrl: app.appIconUrl ?? '',
    deviceName: app.deviceName ?? '',
    ...(admin ? { status: app.status } : {}),
    appItemMap,
  };
}

/** The front's app cards: enabled apps that have at least one enabled version. */
export async function frontApps(db: Database) {
  return db
    .selectFrom('appInfo as a')
    .select(['a.id', 'a.appName', 'a.appIconUrl', 'a.deviceName'])
    .where('a.status', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('appVersion as v')
          .select('v.id')
          .whereRef('v.appId', '=', 'a.id')
          .where('v.status', '=', 1),
      ),
    )
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();
}
