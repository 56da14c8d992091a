import { defineContract } from './define';
import { arr, dateTime, int, nullable, obj, str } from './shapes';

/**
 * GET /api/v1/home/summary (server/routes/home): what waits for the signed-in user, only the counts
 * the user holds the permission for. Caller: src/apps/shared/home/home-api.ts.
 */
export const homeSummary = defineContract({
  method: 'GET',
  path: '/api/v1/home/summary',
  data: obj({
    todo: arr(
      obj({
        key: str,
        count: int,
        /** Creation time of the oldest waiting document (ISO), or null when none waits. */
        oldest: nullable.dateTime,
      }),
    ),
    today: arr(obj({ key: str, count: int })),
    generatedAt: dateTime,
  }),
});
