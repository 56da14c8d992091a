import { api } from '@/runtime/request';
import type { AggregateResult } from '@/schema/resolved';

/**
 * The figures of one aggregate over the given filters (a list's search values): its path is the
 * resource file's (resolved with the chart), checked and scoped by the server like the list.
 */
export function fetchAggregate(
  path: string,
  filters: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AggregateResult> {
  return api.post<AggregateResult>(path, filters, { signal });
}
