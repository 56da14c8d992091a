import { api } from '@/runtime/request';
import { filterQuery } from '../data/provider';
import type { AggregateResult } from '@/schema/resolved';

/**
 * The figures of one aggregate over the given filters (a list's search values): its path is the
 * resource file's (resolved with the chart), checked and scoped by the server like the list.
 */
export function fetchAggregate(
  chart: { path: string; method: 'GET' | 'POST' },
  filters: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AggregateResult> {
  return chart.method === 'GET'
    ? api.get<AggregateResult>(chart.path, filterQuery(filters), { signal })
    : api.post<AggregateResult>(chart.path, filters, { signal });
}
