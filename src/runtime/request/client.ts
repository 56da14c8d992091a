import { getToken } from '../session';
import { cached } from './cache';
import { loadClientConfig } from './client-config';
import { errorFromResponse, isEnvelope, isSuccess } from './envelope';
import { ApiError, ERROR_CODE, REQUEST_MSG } from './errors';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { noteSignedIn, report } from './failure';
import { DEFAULT_TIMEOUT_MS, requestSettings } from './settings';
import { signFields } from './sign';
import { type TransmitInit, transmit } from './transport';
import type { ApiEnvelope, GetOptions, QueryParams, RawOptions, RequestOptions } from './types';
import { appendQuery, buildUrl } from './url';

type Method = TransmitInit['method'];

/** umi-request's default cache lifetime, for `cache: true`. */
const DEFAULT_CACHE_TTL_MS = 60_000;

interface Call {
  method: Method;
  url: string;
  body?: unknown;
  sentToken: string | undefined;
  options: RequestOptions;
}

/** Signs, sends and interprets one call; every failure goes through report() exactly once. */
async function exchange({ method, url, body, sentToken, options }: Call): Promise<unknown> {
  try {
    const config = await loadClientConfig();
    const raw = await transmit({
      method,
      url,
      body,
      requestType: options.requestType,
      headers: {
        ...options.headers,
        ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
        ...signFields(config.signSecret, sentToken),
      },
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      signal: options.signal,
    });
    if (options.noIntercept && isEnvelope(raw.body)) return raw.body;
    if (isSuccess(raw)) return raw.body.data;
    throw errorFromResponse(raw);
  } catch (caught) {
    const error =
      caught instanceof ApiError ? caught : new ApiError(ERROR_CODE.network, REQUEST_MSG.internal, 0);
    throw report(error, options, sentToken);
  }
}

function cancelled(): ApiError {
  return new ApiError(ERROR_CODE.cancelled, '', 0);
}

/** Lets one caller stop waiting for a shared (cached) exchange without cancelling it for the others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function cacheTtl(method: Method, options: GetOptions): number {
  if (method !== 'GET' || !options.cache) return 0;
  return options.cache === true ? DEFAULT_CACHE_TTL_MS : options.cache;
}

function send(
  method: Method,
  path: string,
  query: QueryParams | undefined,
  body: unknown,
  options: GetOptions & RequestOptions,
): Promise<unknown> {
  const needToken = options.needToken !== false;
  const token = getToken();
  if (needToken && !token) {
    // SPEC 6/8: never sent; the user is told and taken to login.
    return Promise.reject(
      report(new ApiError(ERROR_CODE.noToken, REQUEST_MSG.noToken, 0), options, undefined),
    );
  }
  if (token) noteSignedIn();
  const sentToken = needToken ? token : undefined;
  const url = appendQuery(buildUrl(requestSettings().baseUrl, path), query ?? {});
  const ttl = cacheTtl(method, options);
  if (ttl <= 0) return exchange({ method, url, body, sentToken, options });
  // The token is part of the key so that a cached answer never crosses from one user to the next.
  const key = JSON.stringify([url, sentToken ?? '', options.noIntercept === true]);
  const shared = cached(key, ttl, () =>
    exchange({ method, url, body, sentToken, options: { ...options, signal: undefined } }),
  );
  return untilAborted(shared, options.signal);
}

/** Methods whose parameters travel in the query string. */
export interface QueryMethod<O> {
  <T>(url: string, params: QueryParams | undefined, options: RawOptions<O>): Promise<ApiEnvelope<T>>;
  <T>(url: string, params?: QueryParams, options?: O): Promise<T>;
}

/** Methods with a body (JSON by default; FormData for uploads). Query parameters go in options.params. */
export interface BodyMethod {
  <T>(url: string, body: unknown, options: RawOptions<RequestOptions>): Promise<ApiEnvelope<T>>;
  <T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

function bodyMethod(method: Method): BodyMethod {
  return ((url: string, body?: unknown, options: RequestOptions = {}) =>
    send(method, url, options.params, body, options)) as BodyMethod;
}

/**
 * The API client of the console. Each method resolves with the envelope's `data` (or, with
 * `noIntercept: true`, the whole envelope) and rejects with an ApiError after showing what SPEC 8 says.
 * Pinned by tests/unit/request/*.test.ts.
 */
export const api = {
  get: ((url: string, params?: QueryParams, options: GetOptions = {}) =>
    send('GET', url, params, undefined, options)) as QueryMethod<GetOptions>,
  delete: ((url: string, params?: QueryParams, options: Omit<RequestOptions, 'params'> = {}) =>
    send('DELETE', url, params, undefined, options)) as QueryMethod<Omit<RequestOptions, 'params'>>,
  post: bodyMethod('POST'),
  put: bodyMethod('PUT'),
  patch: bodyMethod('PATCH'),
};
