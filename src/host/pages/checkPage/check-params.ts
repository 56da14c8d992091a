import { t } from '@/i18n';

/**
 * /checkPage parameters (SPEC 2.5): authCode, code, state and actType; the act type is actType, or the
 * last underscore-separated segment of state.
 */
export interface CheckParams {
  authCode: string;
  code: string;
  actType: number | undefined;
}

export function readCheckParams(search: URLSearchParams): CheckParams {
  const raw = search.get('actType') || (search.get('state') ?? '').split('_').pop() || '';
  const actType = /^[1-6]$/.test(raw) ? Number(raw) : undefined;
  return { authCode: search.get('authCode') ?? '', code: search.get('code') ?? '', actType };
}

/** Where a binding result goes (SPEC 2.5): 2, 3 → /personalCenter; 5, 6 → /userCenter. */
export function bindingTarget(actType: number): string | undefined {
  if (actType === 2 || actType === 3) return '/personalCenter';
  if (actType === 5 || actType === 6) return '/userCenter';
  return undefined;
}

/** The page's messages, in the language in effect when read. */
export const CHECK_MSG = {
  get wechatLogin() {
    return t('authFlow.wechatLoginFailed');
  },
  get authCode() {
    return t('authFlow.authCodeFailed');
  },
  get badParams() {
    return t('authFlow.jumpError');
  },
  get bound() {
    return t('authFlow.bound');
  },
  get done() {
    return t('authFlow.done');
  },
};

/** SPEC 8 / 9: the redirect after a binding result waits 100 ms (the toast is seen on the next page). */
export const CALLBACK_REDIRECT_MS = 100;
