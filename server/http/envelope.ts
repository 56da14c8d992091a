/**
 * The response envelope of DESIGN.md section 3, and the error type every route throws.
 * The browser's error catalogue (src/runtime/request/errors.ts) reads exactly these codes.
 */
export interface ResultHead {
  success: boolean;
  code: string;
  msg: string;
  /** Set on unexpected errors so staff can quote it; the details stay in the server log. */
  requestId?: string;
}

export interface Envelope<T> {
  result: ResultHead;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { result: { success: true, code: '0', msg: '' }, data };
}

export const MSG = {
  expired: '身份信息已过期，请重新登录',
  replaced: '您当前的账号已在其它位置登录',
  forbidden: '您未开通权限，请联系管理人员',
  notFound: '出错了，请求地址不存在',
  internal: '系统错误，请联系管理人员',
  badJson: '请求数据格式错误',
  badSignature: '请求签名无效或已过期，请刷新页面后重试',
} as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  static badRequest(msg: string, data: unknown = null) {
    return new ApiError(400, 'E0400', msg, data);
  }
  static forbidden() {
    return new ApiError(401, 'E0401', MSG.forbidden);
  }
  static conflict(msg: string) {
    return new ApiError(409, 'E0409', msg);
  }
  static tooMany(msg: string) {
    return new ApiError(429, 'E0429', msg);
  }
  /** Session problems answer HTTP 200 with a business code, as the browser expects (SPEC 8). */
  static expired() {
    return new ApiError(200, 'W0005', MSG.expired);
  }
  static replaced() {
    return new ApiError(200, 'W0013', MSG.replaced);
  }
}

export function fail(code: string, msg: string, data: unknown = null, requestId?: string): Envelope<unknown> {
  return { result: { success: false, code, msg, ...(requestId ? { requestId } : {}) }, data };
}
