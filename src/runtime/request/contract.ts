import type { BodyOut, DataOf, ParamsOut, QueryOut, RouteContract } from '@/schema/contracts/define';
import { api } from './client';
import type { GetOptions, QueryParams, RequestOptions } from './types';

/** An input part the caller must give when its type has a required key, may leave out otherwise. */
type Part<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a contract's caller gives: path parameters, query and body, each typed from the contract. */
export type CallInput<C extends RouteContract> = Part<'params', ParamsOut<C>> &
  Part<'query', QueryOut<C>> &
  Part<'body', BodyOut<C>>;

/** Options of a contract call: everything of the request layer but the raw envelope and `params`. */
export type CallOptions = Omit<RequestOptions, 'noIntercept' | 'params'> & Pick<GetOptions, 'cache'>;

/** `/a/:id` with `{ id: 7 }` → `/a/7`, each parameter encoded. */
function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_m, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
}

/**
 * Calls a hand-written route through its contract (src/schema/contracts): input and answer typed from
 * the same schemas the server validates and serialises with, sent through the request layer (signing,
 * token, `silent`, `idempotencyKey`, `cache` …). Resolves with the answer's `data`.
 */
export function callContract<C extends RouteContract>(
  contract: C,
  input: CallInput<NoInfer<C>>,
  options?: CallOptions,
  // NoInfer: C comes from the contract alone; inferring it back through an expected answer type
  // walks json-schema-to-ts's types too deeply (TS2589).
): Promise<DataOf<NoInfer<C>>>;
export function callContract(
  contract: RouteContract,
  input: object,
  options: CallOptions = {},
): Promise<unknown> {
  const { params, query, body } = input as { params?: QueryParams; query?: QueryParams; body?: unknown };
  const url = fillPath(contract.path, params);
  switch (contract.method) {
    case 'GET':
      return api.get(url, query, options);
    case 'DELETE':
      return api.delete(url, query, options);
    case 'POST':
      return api.post(url, body, { ...options, params: query });
    case 'PUT':
      return api.put(url, body, { ...options, params: query });
  }
}
