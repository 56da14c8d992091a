import type { FastifyInstance } from 'fastify';
import type { AnswerOf } from '../../../src/schema/contracts/define';
import { orgTree } from '../../../src/schema/contracts/org';
import { contractRoute } from '../../http/contract-route';

export type OrgTreeNode = AnswerOf<typeof orgTree>[number];

/**
 * GET /api/v1/smm/org/findAllOrgTree (SPEC 7.3): the organisation tree for pickers. With `userId`, only
 * the organisations that user holds, with their ancestors so the tree stays connected.
 */
export default async function orgRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    orgTree,
  )({
    handler: async (request) => {
      const rows = await app.db
        .selectFrom('org')
        .select(['id', 'parentId', 'code', 'name', 'refObjType', 'refObjStatus'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      let keep: Set<number> | undefined;
      if (request.query.userId) {
        const held = await app.db
          .selectFrom('userOrg')
          .select('orgId')
          .where('userId', '=', request.query.userId)
          .execute();
        keep = new Set();
        for (const { orgId } of held) {
          for (
            let id: number | null = orgId;
            id !== null && !keep.has(id);
            id = byId.get(id)?.parentId ?? null
          ) {
            keep.add(id);
          }
        }
      }
      const nodes = new Map<number, OrgTreeNode>();
      for (const r of rows) {
        if (keep && !keep.has(r.id)) continue;
        nodes.set(r.id, {
          orgId: r.id,
          orgName: r.name,
          orgCode: r.code,
          refObjType: r.refObjType,
          refObjStatus: r.refObjStatus,
          children: [],
        });
      }
      const roots: OrgTreeNode[] = [];
      for (const r of rows) {
        const node = nodes.get(r.id);
        if (!node) continue;
        const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },
  });
}
