import type { DataOf, RouteContract } from '@/schema/contracts/define';
import { reportChunkError, withChunkTimeout } from '../chunk';
import type { CallInput, CallOptions } from './contract';
import type { ClientConfig } from './types';

/**
 * The request layer loaded at its first call (issue 21.6): the sign-in pages send nothing until the
 * user submits, so umi-request, qs and crypto-js are not part of /login's first visit. Same functions
 * as the index's; a chunk that cannot be loaded is reported as any other (the new-version dialog).
 */
const layer = () =>
  withChunkTimeout(() => import('./index'), 'request').catch((error: unknown) => {
    reportChunkError(error);
    throw error;
  });

/** callContract (./contract) of the request layer, loaded on the first call. */
export function callContract<C extends RouteContract>(
  contract: C,
  input: CallInput<NoInfer<C>>,
  options?: CallOptions,
): Promise<DataOf<NoInfer<C>>>;
export async function callContract(
  contract: RouteContract,
  input: object,
  options?: CallOptions,
): Promise<unknown> {
  const { callContract: call } = await layer();
  return (call as (c: RouteContract, i: object, o?: CallOptions) => Promise<unknown>)(
    contract,
    input,
    options,
  );
}

/** loadClientConfig (./client-config) of the request layer, loaded on the first call. */
export async function loadClientConfig(): Promise<ClientConfig> {
  return (await layer()).loadClientConfig();
}
