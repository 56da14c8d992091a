import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../http/envelope';
import { readPrivateFile } from '../services/private-files';
import { PRIVATE_FILE_MSG, privateFileData } from '../../src/schema/contracts/usercenter';
import { envelopeSchema } from '../../src/schema/contracts/envelope';
import { privateFileFields, privateFilePath } from '../../src/schema/private-files';
import { resourceRoutes } from '../../src/schema/routes';
import type { ResourceDef } from '../../src/schema/types';
import type { Engine } from './context';
import { getRow } from './handlers/read';

/**
 * The guarded read of private files (docs/schemas.md 'Private files'): for every field with `x-file`
 * of a resource that has a detail, GET /api/v1/file/<resource>/<field>/:id. The door asks the detail's
 * permission, the row is read in the caller's scope exactly as the detail is (404 outside it), and each
 * download is logged (action 'download'). The answer carries the PDF as base64 in the usual envelope, so
 * the page fetches it through the signed request layer like any other call.
 */
export function registerPrivateFiles(app: FastifyInstance, engine: Engine): void {
  for (const r of engine.catalog.resources.values()) {
    const fields = privateFileFields(r);
    const detail = resourceRoutes(r).find((x) => x.kind === 'get');
    if (!fields.length || !detail) continue;
    for (const field of fields) registerOne(app, engine, r, field, detail.permission);
  }
}

function registerOne(
  app: FastifyInstance,
  engine: Engine,
  r: ResourceDef,
  field: string,
  permission: string[],
): void {
  const idType =
    r.fields[r.primaryKey]?.type === 'integer' ? { type: 'integer', minimum: 1 } : { type: 'string' };
  app.get<{ Params: { id: string | number } }>(
    privateFilePath(r.name, field, ':id'),
    {
      config: { permission, idempotent: false },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: idType } },
        response: { 200: envelopeSchema(privateFileData) },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const id = request.params.id;
      const row = await getRow(engine, r, r.primaryKey, id, {
        orgId: auth.orgId ?? null,
        userId: auth.userId,
      });
      const file = await readPrivateFile(app.config.dataDir, row[field]);
      if (!file) return reply.status(404).send(fail('E0404', PRIVATE_FILE_MSG.gone));
      const who = await engine.db
        .selectFrom('appUser')
        .select('realName')
        .where('id', '=', auth.userId)
        .executeTakeFirst();
      await engine.db
        .insertInto('auditLog')
        .values({
          userId: auth.userId,
          account: auth.account,
          realName: who?.realName ?? null,
          orgId: auth.orgId,
          action: 'download',
          entity: r.name,
          entityId: String(id).slice(0, 64),
          requestId: String(request.id),
          ip: request.ip.slice(0, 64),
          title: `下载附件：${r.title}`.slice(0, 100),
          changes: `${r.fields[field]!.title ?? field}：${file.fileName}`.slice(0, 300),
          result: 1,
        })
        .execute();
      return ok({
        fileName: file.fileName,
        mime: 'application/pdf',
        size: file.buf.length,
        content: file.buf.toString('base64'),
      });
    },
  );
}
