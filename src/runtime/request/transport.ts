import { extend, type ResponseError } from 'umi-request';
import { ApiError, ERROR_CODE, REQUEST_MSG } from './errors';

/** One HTTP exchange: the status and the parsed body (JSON when it parses, else the text). */
export interface RawResponse {
  status: number;
  body: unknown;
}

export interface TransmitInit {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  requestType?: 'json' | 'form';
  timeout: number;
  signal?: AbortSignal;
}

/**
 * The umi-request instance. Its own `timeout` and cache are not used: the timeout only races the fetch
 * without aborting it, and the cache works only where XMLHttpRequest exists and keeps failed envelopes
 * (they come with HTTP 200). Timeout and cancellation both abort the real fetch here; the cache is
 * cache.ts.
 */
const umi = extend({ credentials: 'same-origin', getResponse: true });

function isResponseError(error: unknown): error is ResponseError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ResponseError' &&
    typeof (error as ResponseError).response?.status === 'number'
  );
}

/**
 * Sends one call. Resolves with any HTTP answer, whatever its status; rejects only with an ApiError for
 * no answer at all: TIMEOUT, CANCELLED (the caller's signal) or NETWORK.
 */
export async function transmit(init: TransmitInit): Promise<RawResponse> {
  if (init.signal?.aborted) throw new ApiError(ERROR_CODE.cancelled, '', 0);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    init.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, init.timeout)
      : undefined;
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { data, response } = await umi(init.url, {
      method: init.method,
      headers: init.headers,
      data: init.body,
      requestType: init.requestType ?? 'json',
      signal: controller.signal,
    });
    return { status: response.status, body: data };
  } catch (error) {
    if (timedOut) throw new ApiError(ERROR_CODE.timeout, REQUEST_MSG.timeout, 0);
    if (init.signal?.aborted) throw new ApiError(ERROR_CODE.cancelled, '', 0);
    if (isResponseError(error)) return { status: error.response.status, body: error.data };
    throw new ApiError(ERROR_CODE.network, REQUEST_MSG.internal, 0);
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
}
