import { defineContract } from './define';

const count = { type: 'integer' } as const;

/**
 * POST /api/v1/platform/order/sync: pull the delivery platforms' latest orders now (issue 17.3,
 * server/services/platform-orders/feed.ts); a toolbar `call` action (同步平台订单) posts it.
 */
export const platformOrderSync = defineContract({
  method: 'POST',
  path: '/api/v1/platform/order/sync',
  data: {
    type: 'object',
    required: ['pulled', 'created', 'existing', 'message'],
    properties: { pulled: count, created: count, existing: count, message: { type: 'string' } },
  },
});
