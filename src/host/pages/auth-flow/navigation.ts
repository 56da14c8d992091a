import { t } from '@/i18n';
import type { NavigationInfo } from './auth-api';

/** SPEC 2.2: where the security check sends the user after a login. */
export function pathForNavigation(info: NavigationInfo): string {
  switch (info.navigationType) {
    case 2:
      return '/verificationPhone';
    case 3:
      return `/verificationAbnormal?phone=${encodeURIComponent(info.bindPhoneHide ?? '')}`;
    default:
      return '/chooseProject';
  }
}

/** The '安全提示' title of the security-tip and messaging-app warning dialogs (SPEC 2.2), in the language in effect. */
export const securityTipTitle = () => t('authFlow.securityTip');
