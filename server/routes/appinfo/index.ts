import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/appinfo';
import { contractRoute } from '../../http/contract-route';
import { ApiError, fail, MSG } from '../../http/envelope';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import {
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
  versionById,
} from '../../services/appinfo';

const PAGE = '/admin/appinfo/appList';

/**
 * Download centre (SPEC 7.10) beside the appInfo resource: versions (add, modify, start, stop, one),
 * the admin detail, package upload, the front list and detail, and the public package download.
 * Pinned by tests/server/panels-appinfo.test.ts.
 */
export default async function appInfoRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: MAX_PACKAGE_BYTES },
  });
  contractRoute(
    app,
    c.versionAdd,
  )({ config: { permission: 'appinfo:add' }, handler: (request) => addVersion(app.db, request.body) });

  contractRoute(
    app,
    c.versionModify,
  )({
    config: { permission: 'appinfo:add' },
    handler: (request) => modifyVersion(app.db, request.body.id, request.body),
  });

  contractRoute(
    app,
    c.versionStatus,
  )({
    config: { permission: 'appinfo:status' },
    handler: (request) =>
      setVersionStatus(app.db, request.params.id, request.params.action === 'start' ? 1 : 0),
  });

  contractRoute(
    app,
    c.appAdminDetail,
  )({
    config: { permission: PAGE },
    handler: (request) => appDetail(app.db, request.params.id, true),
  });

  contractRoute(
    app,
    c.versionOne,
  )({ config: { permission: PAGE }, handler: (request) => versionById(app.db, request.params.id) });

  // Multipart field 'file'; answers the package to name in add/modify version (packageId).
  contractRoute(
    app,
    c.packageUpload,
  )({
    config: { permission: 'appinfo:add' },
    handler: async (request) => {
      let part;
      try {
        part = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw ApiError.badRequest(APPINFO_MSG.noFile);
        throw error;
      }
      if (!part) throw ApiError.badRequest(APPINFO_MSG.noFile);
      return storePackage(app.db, app.config.dataDir, request.auth!.userId, {
        filename: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
    },
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
