import { defineContract } from './define';
import { arr, dateTime, int, nullable, obj, str } from './shapes';

/**
 * GET /api/v1/approval/timeline (server/workflows/timeline.ts): every approval of one document, newest
 * first, with its timeline. Caller: src/renderer/list/ApprovalTimeline.tsx.
 */
export const approvalTimeline = defineContract({
  method: 'GET',
  path: '/api/v1/approval/timeline',
  query: {
    type: 'object',
    required: ['resource', 'id'],
    properties: {
      resource: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 40 },
      id: { type: 'string', minLength: 1, maxLength: 64 },
    },
    errorMessage: '请指定单据',
  },
  data: arr(
    obj({
      id: int,
      instanceCode: str,
      workflowTitle: str,
      /** workflowOrderStatus */
      status: int,
      stepTitle: nullable.str,
      submitterName: str,
      createTime: dateTime,
      finishTime: nullable.dateTime,
      records: arr(
        obj({
          stepTitle: str,
          actorName: str,
          /** approvalAction */
          action: int,
          comment: nullable.str,
          time: dateTime,
        }),
      ),
    }),
  ),
});
