import { errorFromResponse, isSuccess } from './envelope';
import { ApiError, ERROR_CODE, REQUEST_MSG } from './errors';
import { DEFAULT_TIMEOUT_MS, requestSettings } from './settings';
import { transmit } from './transport';
import type { ClientConfig } from './types';
import { buildUrl } from './url';

export const CLIENT_CONFIG_PATH = '/api/v1/common/clientConfig';

let memo: Promise<ClientConfig> | undefined;

/**
 * The sign secret, login public key and app code, fetched once per page (the call itself is unsigned:
 * it is what makes signing possible). A failure is not remembered: the next call asks again.
 * Rejects with an ApiError; it shows nothing itself (a call that needed it reports the failure).
 */
export function loadClientConfig(): Promise<ClientConfig> {
  memo ??= fetchClientConfig().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

async function fetchClientConfig(): Promise<ClientConfig> {
  const raw = await transmit({
    method: 'GET',
    url: buildUrl(requestSettings().baseUrl, CLIENT_CONFIG_PATH),
    headers: {},
    timeout: DEFAULT_TIMEOUT_MS,
  });
  if (!isSuccess(raw)) throw errorFromResponse(raw);
  const config = raw.body.data as Partial<ClientConfig> | null;
  // Signing with a missing secret would only earn 403s for every call: fail here, visibly.
  if (typeof config?.signSecret !== 'string' || !config.signSecret) {
    throw new ApiError(ERROR_CODE.badResponse, REQUEST_MSG.internal, raw.status);
  }
  return config as ClientConfig;
}

export function forgetClientConfig(): void {
  memo = undefined;
}
