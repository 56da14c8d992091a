/**
 * The browser's error catalogue (SPEC 8, request rows). Texts are exactly SPEC's; codes W0005, W0013 and
 * E0xxx are the server's (server/http/envelope.ts); the rest name failures that never reached a server
 * answer.
 */
export const REQUEST_MSG = {
  noToken: '未登录或登录已过期',
  expired: '身份信息已过期，请重新登录',
  replacedTitle: '提示',
  replaced: '您当前的账号已在其它位置登录',
  timeout: '网络连接超时',
  notFound: '出错了，请求地址不存在',
  forbidden: '您未开通权限，请联系管理人员',
  internal: '系统错误，请联系管理人员',
} as const;

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
