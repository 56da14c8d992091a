import type { DataOf } from '@/schema/contracts/define';
import type { clientConfig } from '@/schema/contracts/session';

/** The response envelope of every API call (DESIGN.md 3, SPEC 7). */
export interface ApiEnvelope<T = unknown> {
  result: { success: boolean; code: string; msg: string; requestId?: string };
  data: T;
}

/** What GET /api/v1/common/clientConfig answers (contract: src/schema/contracts/session.ts). */
export type ClientConfig = DataOf<typeof clientConfig>;

/** Query parameters: arrays repeat the key, objects travel as JSON, null and undefined are left out. */
export type QueryParams = Record<string, unknown>;

/** Per-call options of every method. */
export interface RequestOptions {
  /**
   * false for the calls SPEC 6 lists as needing no token (login flows, phone checks, holiday calendar):
   * they are signed without a token and sent even when signed out. Default true: a call needing a
   * token is never sent without one.
   */
  needToken?: boolean;
  /** No error toast for this call (it still rejects; session endings still take the user to login). */
  silent?: boolean;
  /** Resolve with the raw envelope whenever the server sent one; never toast, never redirect. */
  noIntercept?: boolean;
  /** Milliseconds before the call fails with '网络连接超时'. Default 30 000 (DEFAULT_TIMEOUT_MS). */
  timeout?: number;
  /** Aborting cancels the call silently: it rejects with an ApiError whose code is CANCELLED. */
  signal?: AbortSignal;
  /** Query string for methods that carry a body, e.g. POST …/setUserPrinter?printerId. */
  params?: QueryParams;
  /** Extra headers; timestamp, signature and token are always set by the request layer. */
  headers?: Record<string, string>;
  /**
   * The submission's idempotency key (newIdempotencyKey(), one per opened form or clicked action):
   * sent as `Idempotency-Key`, so the server runs a repeat of the same submission once.
   */
  idempotencyKey?: string;
  /** How a plain-object body is encoded. FormData and strings are sent as they are. Default 'json'. */
  requestType?: 'json' | 'form';
}

/** GET only: memoise the call (its promise) by URL and params for `ttl` ms; `true` means 60 s. */
export interface GetOptions extends Omit<RequestOptions, 'params'> {
  cache?: true | number;
}

/** Selects the envelope-returning overloads. */
export type RawOptions<O> = O & { noIntercept: true };
