import type { FastifyInstance } from 'fastify';
import { approvalTimeline } from '../../src/schema/contracts/approval';
import { contractRoute } from '../http/contract-route';
import { ApiError } from '../http/envelope';
import type { Engine } from '../resources/context';
import { permissionKeys } from '../services/session';
import { dynamic } from '../resources/sql/db';

const list = (p: string | string[] | undefined) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);

/**
 * GET /api/v1/approval/timeline?resource=&id=: every approval of one document, newest first, each with
 * its timeline (who did what, when, with which comment). Whoever may read the document may read its
 * approvals: the document's get (or list) permission is checked here, per resource.
 */
export function registerTimeline(app: FastifyInstance, engine: Engine): void {
  contractRoute(
    app,
    approvalTimeline,
  )({
    handler: async (request) => {
      const { resource, id } = request.query;
      const r = engine.catalog.resources.get(resource);
      const guarded = [...engine.catalog.workflows.values()].some((w) => w.resource === resource);
      if (!r || !guarded) throw new ApiError(404, 'E0404', '该单据没有审批流程');
      const held = await permissionKeys(engine.db, request.auth!.userId, request.auth!.orgId);
      const may = list(r.endpoints.get?.permission ?? r.endpoints.list?.permission);
      if (!may.some((k) => held.has(k))) throw ApiError.forbidden();
      const db = dynamic(engine.db);
      const instances = await db
        .selectFrom('approval_instance')
        .select([
          'id',
          'instanceCode',
          'workflowTitle',
          'status',
          'stepTitle',
          'submitterName',
          'createTime',
          'finishTime',
        ])
        .where('resource', '=', resource)
        .where('documentId', '=', id)
        .orderBy('id', 'desc')
        .execute();
      const ids = instances.map((i) => i.id as number);
      const records = ids.length
        ? await db
            .selectFrom('approval_record')
            .select(['instanceId', 'stepTitle', 'actorName', 'action', 'comment', 'time'])
            .where('instanceId', 'in', ids)
            .orderBy('id')
            .execute()
        : [];
      return instances.map((i) => ({
        ...i,
        records: records.filter((x) => x.instanceId === i.id),
      }));
    },
  });
}
