import { api } from '@/runtime/request';
import type { AggregateResult } from '@/schema/resolved';
import { resourceRoutes } from '@/schema/routes';
import type { ResourceDef } from '../schema-types';

/**
 * The figures of one aggregate of a resource over the given filters: the path comes from the resource
 * file through the server's own route derivation (src/schema/routes.ts), like every list call.
 */
export function fetchAggregate(
  r: ResourceDef,
  name: string,
  filters: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AggregateResult> {
  const route = resourceRoutes(r).find((x) => x.kind === 'aggregate' && x.aggregate === name);
  if (!route) return Promise.reject(new Error(`schemas/resources/${r.name}.json has no aggregate ${name}`));
  return api.post<AggregateResult>(route.path, filters, { signal });
}
