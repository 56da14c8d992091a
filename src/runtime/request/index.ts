import { clearCache } from './cache';
import { forgetClientConfig } from './client-config';
import { resetFailureState } from './failure';

/**
 * The request layer (SPEC 6-8, DESIGN.md 3): signed calls, token rules, the error catalogue.
 * UI effects go through setRequestUi(); antd's adapter is in ./antd-ui (imported by the host only).
 */
export { api, type BodyMethod, type QueryMethod } from './client';
export { type CallInput, type CallOptions, callContract } from './contract';
export { CLIENT_CONFIG_PATH, loadClientConfig } from './client-config';
export { ApiError, ERROR_CODE, isCancelError, REQUEST_MSG } from './errors';
export { buildSignedUrl, type SignedUrlOptions } from './export-link';
export { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';
export { configureRequest, DEFAULT_TIMEOUT_MS, type RequestSettings, requestSettings } from './settings';
export { computeSignature } from './sign';
export type { ApiEnvelope, ClientConfig, GetOptions, QueryParams, RequestOptions } from './types';
export { type RequestUi, setRequestUi } from './ui';
export { type UploadedImage, uploadImage, type UploadedPrivateFile, uploadPrivateFile } from './upload';
export { collapseSlashes } from './url';

/**
 * Forgets the memoised client config, the call cache and the once-per-session-ending latches: for tests,
 * and for a host that switches servers without reloading the page.
 */
export function resetRequestState(): void {
  forgetClientConfig();
  clearCache();
  resetFailureState();
}
