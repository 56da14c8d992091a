import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  PRIVATE_FILE,
  PRIVATE_FILE_MSG,
  privateUpload,
  uploads,
} from '../../../src/schema/contracts/usercenter';
import { storePrivateUpload } from '../../services/private-files';
import { contractRoute } from '../../http/contract-route';
import { ApiError, fail, MSG } from '../../http/envelope';
import { BROWSER_ROUTE } from '../../plugins/route-table';
import {
  fileOf,
  sizeMessage,
  storeUpload,
  toRelativeUrl,
  UPLOAD_BUCKETS,
  UPLOAD_MSG,
  uploadRule,
} from '../../services/upload';

/**
 * POST /gateApi/{xs,xd,ai}Upload/restUpload?timestamp&signature&modelType (multipart, field 'file').
 * The signature is in the query (SPEC 7.5): `signedInQuery` has the signature hook check it there; the
 * session is checked by the auth hook as everywhere, both before any byte of the file is read.
 * GET /uploads/<relativeUrl> serves stored images back (the visitUrl); private files (pvUpload) never.
 * Pinned by tests/server/auth-usercenter.test.ts.
 */
export default async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  for (const bucket of UPLOAD_BUCKETS) {
    contractRoute(
      app,
      uploads[bucket],
    )({
      config: { signedInQuery: true },
      handler: async (request) => {
        const rule = uploadRule(request.query.modelType);
        let buf: Buffer;
        let fileName: string;
        try {
          const part = await request.file({ limits: { fileSize: rule.maxKb * 1024 } });
          if (!part) throw ApiError.badRequest(UPLOAD_MSG.noFile);
          fileName = part.filename;
          buf = await part.toBuffer();
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest(sizeMessage(rule));
          if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw ApiError.badRequest(UPLOAD_MSG.noFile);
          throw error;
        }
        return storeUpload(app.db, app.config.dataDir, {
          userId: request.auth!.userId,
          bucket,
          modelType: request.query.modelType,
          buf,
          fileName,
        });
      },
    });
  }

  // The private upload (docs/schemas.md 'Private files'): same signature and session, a PDF kept outside
  // the public folder; only the engine's guarded route reads it back (server/resources/files.ts).
  contractRoute(
    app,
    privateUpload,
  )({
    config: { signedInQuery: true },
    handler: async (request) => {
      let buf: Buffer;
      let fileName: string;
      try {
        const part = await request.file({ limits: { fileSize: PRIVATE_FILE.maxKb * 1024 } });
        if (!part) throw ApiError.badRequest(UPLOAD_MSG.noFile);
        fileName = part.filename;
        buf = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest(PRIVATE_FILE_MSG.size);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw ApiError.badRequest(UPLOAD_MSG.noFile);
        throw error;
      }
      return storePrivateUpload(app.db, app.config.dataDir, {
        userId: request.auth!.userId,
        modelType: request.query.modelType,
        buf,
        fileName,
      });
    },
  });

  app.get<{ Params: { '*': string } }>('/uploads/*', { config: BROWSER_ROUTE }, async (request, reply) => {
    const relativeUrl = toRelativeUrl(request.params['*']);
    const row = relativeUrl
      ? await app.db
          .selectFrom('uploadFile')
          .select('mime')
          .where('relativeUrl', '=', relativeUrl)
          .executeTakeFirst()
      : undefined;
    const buf =
      row && relativeUrl
        ? await fs.readFile(fileOf(app.config.dataDir, relativeUrl)).catch(() => null)
        : null;
    if (!row || !buf) return reply.status(404).send(fail('E0404', MSG.notFound));
    return reply.type(row.mime).header('cache-control', 'private, max-age=86400').send(buf);
  });
}
