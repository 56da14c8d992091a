import { clearSession, getToken } from '../session';
import { type ApiError, ERROR_CODE, REQUEST_MSG } from './errors';
import { requestSettings } from './settings';
import { requestUi } from './ui';

/**
 * The side effects of a failed call (SPEC 8). Several calls usually fail together when a session ends
 * (a page fires its calls in parallel), so a session ending is acted on once:
 * - W0005 and W0013 only when the token the call was sent with is still the current one: a late answer
 *   to a call of an older session must not end the new one;
 * - one W0013 box at a time;
 * - once the user has been sent to login, further missing-token calls stay quiet until a call is made
 *   with a token again.
 */
let replacedBoxOpen = false;
let loginPending = false;

function goToLogin(): void {
  clearSession();
  loginPending = true;
  requestUi().navigate(requestSettings().loginPath);
}

/** A call is being made with a token: a session exists again, so a later ending is news. */
export function noteSignedIn(): void {
  loginPending = false;
}

export function onMissingToken(): void {
  if (loginPending) return;
  requestUi().error(REQUEST_MSG.noToken);
  goToLogin();
}

function onExpired(sentToken: string | undefined): void {
  if (sentToken !== getToken()) return;
  requestUi().error(REQUEST_MSG.expired);
  goToLogin();
}

function onReplaced(sentToken: string | undefined, msg: string): void {
  if (replacedBoxOpen || sentToken !== getToken()) return;
  replacedBoxOpen = true;
  requestUi().messageBox({
    title: REQUEST_MSG.replacedTitle,
    content: msg,
    onOk: () => {
      replacedBoxOpen = false;
      goToLogin();
    },
  });
}

export interface ReportOptions {
  silent?: boolean;
  noIntercept?: boolean;
}

/**
 * Shows what SPEC 8 says for `error` and returns it, for the caller to reject with (a failed call
 * always rejects, so a form keeps what the user typed). `silent` drops only the error toast: a session
 * that has ended takes the user to login whichever call noticed it. `noIntercept` does nothing at all.
 */
export function report(error: ApiError, options: ReportOptions, sentToken: string | undefined): ApiError {
  if (options.noIntercept || error.cancelled) return error;
  switch (error.code) {
    case ERROR_CODE.expired:
      onExpired(sentToken);
      break;
    case ERROR_CODE.replaced:
      onReplaced(sentToken, error.msg);
      break;
    case ERROR_CODE.noToken:
      onMissingToken();
      break;
    default:
      if (!options.silent) requestUi().error(error.msg);
  }
  return error;
}

export function resetFailureState(): void {
  replacedBoxOpen = false;
  loginPending = false;
}
