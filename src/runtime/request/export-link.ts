import { getToken } from '../session';
import { loadClientConfig } from './client-config';
import { ApiError, ERROR_CODE, REQUEST_MSG } from './errors';
import { report } from './failure';
import { requestSettings } from './settings';
import { signFields } from './sign';
import type { QueryParams } from './types';
import { appendQuery, buildUrl } from './url';

export interface SignedUrlOptions {
  /** false for a link that needs no login; default true. */
  needToken?: boolean;
  silent?: boolean;
}

/**
 * A link for a download or export that the browser opens itself (window.open, <a href>), so headers
 * cannot be set: timestamp, token and signature travel in the query string instead (SPEC 9, 7.9).
 * The server accepts a timestamp within 5 minutes, so build the link when the user clicks, not when the
 * page renders. Without a token it behaves like a call: '未登录或登录已过期' and login.
 */
export async function buildSignedUrl(
  path: string,
  params: QueryParams = {},
  options: SignedUrlOptions = {},
): Promise<string> {
  const needToken = options.needToken !== false;
  const token = needToken ? getToken() : undefined;
  if (needToken && !token) {
    throw report(new ApiError(ERROR_CODE.noToken, REQUEST_MSG.noToken, 0), options, undefined);
  }
  try {
    const config = await loadClientConfig();
    const url = buildUrl(requestSettings().baseUrl, path);
    return appendQuery(url, { ...params, ...signFields(config.signSecret, token) });
  } catch (caught) {
    if (!(caught instanceof ApiError)) throw caught;
    throw report(caught, options, token);
  }
}
