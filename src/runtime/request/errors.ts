import { t } from '@/i18n';

/**
 * The browser's error catalogue (SPEC 8, request rows). Texts are exactly SPEC's; codes W0005, W0013 and
 * E0xxx are the server's (server/http/envelope.ts); the rest name failures that never reached a server
 * answer. The texts are the catalogue's (src/i18n `request`), read when a call fails: the language in
 * effect then.
 */
export const REQUEST_MSG = {
  get noToken() {
    return t('request.noToken');
  },
  get expired() {
    return t('request.expired');
  },
  get replacedTitle() {
    return t('request.replacedTitle');
  },
  get replaced() {
    return t('request.replaced');
  },
  get timeout() {
    return t('request.timeout');
  },
  get notFound() {
    return t('request.notFound');
  },
  get forbidden() {
    return t('request.forbidden');
  },
  get internal() {
    return t('request.internal');
  },
};

export const ERROR_CODE = {
  expired: 'W0005',
  replaced: 'W0013',
  /** The call needs a token and there is none: it was not sent. */
  noToken: 'NO_TOKEN',
  timeout: 'TIMEOUT',
  cancelled: 'CANCELLED',
  /** No HTTP answer at all (offline, connection refused, DNS). */
  network: 'NETWORK',
  /** An HTTP answer without an envelope, e.g. an HTML error page from a proxy. */
  badResponse: 'BAD_RESPONSE',
} as const;

/** Why a call failed. `msg` is what the user is (or, for silent calls, would have been) shown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: string,
    readonly msg: string,
    /** The HTTP status, or 0 when no answer arrived (not sent, timeout, cancelled, network). */
    readonly httpStatus: number,
    /** The envelope's data, when the server sent one (e.g. field details of a 400). */
    readonly data: unknown = undefined,
  ) {
    super(msg);
  }

  get cancelled(): boolean {
    return this.code === ERROR_CODE.cancelled;
  }
}

/** True for the rejection of a call cancelled through its AbortSignal; callers usually ignore it. */
export function isCancelError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.cancelled;
}
