import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/appinfo';
import { contractRoute } from '../../http/contract-route';
import { ApiError, fail, MSG, ok } from '../../http/envelope';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import {
  APP_OS,
  APPINFO_BASE,
  APPINFO_MSG,
  addVersion,
  appDetail,
  DOWNLOAD_PREFIX,
  findPackage,
  frontApps,
  MAX_PACKAGE_BYTES,
  modifyVersion,
  setVersionStatus,
  storePackage,
  type VersionInput,
  versionById,
} from '../../services/appinfo';

const PAGE = '/admin/appinfo/appList';

const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: '参数不正确' } },
} as const;

const versionActionParams = {
  type: 'object',
  required: ['action', 'id'],
  properties: {
    action: { type: 'string', enum: ['start', 'stop'], errorMessage: '参数不正确' },
    id: { type: 'integer', minimum: 1, errorMessage: '参数不正确' },
  },
} as const;

const versionFields = {
  appId: { type: 'integer', minimum: 1, errorMessage: '请选择应用' },
  os: { type: 'string', enum: [...APP_OS], errorMessage: '请选择操作系统' },
  appVersion: {
    type: 'string',
    minLength: 1,
    maxLength: 30,
    pattern: '^[0-9A-Za-z._-]+$',
    errorMessage: {
      minLength: '请输入版本号',
      maxLength: '版本号不能超过30个字符',
      pattern: '版本号只能包含字母、数字、点、横线和下划线',
    },
  },
  appRemark: { type: 'string', maxLength: 20000, errorMessage: '更新说明不能超过20000个字符' },
  // null: no new package (an edit form clears what it does not change).
  packageId: { type: ['integer', 'null'], minimum: 1, errorMessage: APPINFO_MSG.packageMissing },
  appUrl: {
    type: 'string',
    maxLength: 500,
    pattern: '^https?://[^\\s<>"\']+$',
    errorMessage: '请输入正确的下载地址',
  },
  appSize: { type: ['integer', 'null'], minimum: 0, errorMessage: '安装包大小不正确' },
} as const;

const versionRequired = { appId: '请选择应用', os: '请选择操作系统', appVersion: '请输入版本号' };

const addBody = {
  type: 'object',
  required: ['appId', 'os', 'appVersion'],
  properties: versionFields,
  errorMessage: { required: versionRequired },
} as const;

const modifyBody = {
  type: 'object',
  required: ['id', 'appId', 'os', 'appVersion'],
  properties: {
    id: { type: 'integer', minimum: 1, errorMessage: APPINFO_MSG.versionMissing },
    ...versionFields,
  },
  errorMessage: { required: { id: APPINFO_MSG.versionMissing, ...versionRequired } },
} as const;

/**
 * Download centre (SPEC 7.10) beside the appInfo resource: versions (add, modify, start, stop, one),
 * the admin detail, package upload, the front list and detail, and the public package download.
 * Pinned by tests/server/panels-appinfo.test.ts.
 */
export default async function appInfoRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: MAX_PACKAGE_BYTES },
  });
  const m = `${APPINFO_BASE}/m`;

  app.post<{ Body: VersionInput }>(
    `${m}/add/version`,
    { schema: { body: addBody }, config: { permission: 'appinfo:add' } },
    async (request) => ok(await addVersion(app.db, request.body)),
  );

  app.post<{ Body: VersionInput & { id: number } }>(
    `${m}/modify/version`,
    { schema: { body: modifyBody }, config: { permission: 'appinfo:add' } },
    async (request) => ok(await modifyVersion(app.db, request.body.id, request.body)),
  );

  // m/start/version/{id} and m/stop/version/{id}: one route, so the appVersion resource's transition
  // endpoint (schemas/resources/appVersion.json, :action) names it exactly.
  app.post<{ Params: { action: 'start' | 'stop'; id: number } }>(
    `${m}/:action/version/:id`,
    { schema: { params: versionActionParams }, config: { permission: 'appinfo:status' } },
    async (request) =>
      ok(await setVersionStatus(app.db, request.params.id, request.params.action === 'start' ? 1 : 0)),
  );

  contractRoute(
    app,
    c.appAdminDetail,
  )({
    config: { permission: PAGE },
    handler: (request) => appDetail(app.db, request.params.id, true),
  });

  app.get<{ Params: { id: number } }>(
    `${m}/version/:id`,
    { schema: { params: idParam }, config: { permission: PAGE } },
    async (request) => ok(await versionById(app.db, request.params.id)),
  );

  // Multipart field 'file'; answers the package to name in add/modify version (packageId).
  app.post(`${m}/upload`, { config: { permission: 'appinfo:add' } }, async (request) => {
    let part;
    try {
      part = await request.file();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
        throw ApiError.badRequest(APPINFO_MSG.noFile);
      throw error;
    }
    if (!part) throw ApiError.badRequest(APPINFO_MSG.noFile);
    return ok(
      await storePackage(app.db, app.config.dataDir, request.auth!.userId, {
        filename: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      }),
    );
  });

  contractRoute(app, c.appList)({ handler: () => frontApps(app.db) });
  contractRoute(app, c.appFront)({ handler: (request) => appDetail(app.db, request.params.id, false) });

  // Public and unsigned: the QR code is scanned by a phone that has no session (docs/decisions.md).
  app.get<{ Params: { packageId: number; name: string } }>(
    `${DOWNLOAD_PREFIX}/:packageId/:name`,
    {
      schema: {
        params: {
          type: 'object',
          required: ['packageId', 'name'],
          properties: {
            packageId: { type: 'integer', minimum: 1 },
            name: { type: 'string', maxLength: 200 },
          },
        },
      },
      config: BROWSER_ROUTE,
    },
    async (request, reply) => {
      const pkg = await findPackage(app.db, app.config.dataDir, request.params.packageId);
      const stat = pkg && (await fs.stat(pkg.file).catch(() => undefined));
      if (!pkg || !stat || pkg.fileName !== request.params.name) {
        return reply.status(404).send(fail('E0404', MSG.notFound));
      }
      return reply
        .type('application/octet-stream')
        .header('content-length', stat.size)
        .header('content-disposition', `attachment; filename="${pkg.fileName}"`)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(pkg.file));
    },
  );
}
