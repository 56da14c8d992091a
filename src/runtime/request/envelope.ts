import { ApiError, ERROR_CODE, REQUEST_MSG } from './errors';
import type { RawResponse } from './transport';
import type { ApiEnvelope } from './types';

export function isEnvelope(body: unknown): body is ApiEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const result = (body as { result?: unknown }).result;
  return (
    typeof result === 'object' &&
    result !== null &&
    typeof (result as { success?: unknown }).success === 'boolean' &&
    typeof (result as { code?: unknown }).code === 'string'
  );
}

/**
 * The catalogue row of a failed answer (SPEC 8), session codes first because they may come with any
 * HTTP status. 404 and 401 have fixed texts; everything else shows the server's msg or the default.
 */
export function errorFromResponse({ status, body }: RawResponse): ApiError {
  const envelope = isEnvelope(body) ? body : undefined;
  const code = envelope?.result.code ?? '';
  const serverMsg = typeof envelope?.result.msg === 'string' ? envelope.result.msg : '';
  const data = envelope?.data;
  if (code === ERROR_CODE.expired) return new ApiError(code, REQUEST_MSG.expired, status, data);
  if (code === ERROR_CODE.replaced)
    return new ApiError(code, serverMsg || REQUEST_MSG.replaced, status, data);
  if (status === 404) return new ApiError(code || 'E0404', REQUEST_MSG.notFound, status, data);
  if (status === 401) return new ApiError(code || 'E0401', REQUEST_MSG.forbidden, status, data);
  return new ApiError(code || ERROR_CODE.badResponse, serverMsg || REQUEST_MSG.internal, status, data);
}

/** Whether an answer is a success: a 2xx status with an envelope saying so. */
export function isSuccess(raw: RawResponse): raw is { status: number; body: ApiEnvelope } {
  return raw.status >= 200 && raw.status < 300 && isEnvelope(raw.body) && raw.body.result.success;
}
