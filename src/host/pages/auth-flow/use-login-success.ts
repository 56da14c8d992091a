import useApp from 'antd/es/app/useApp';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { pullPreferences } from '@/runtime/preferences';
import { clearSession, setProfile, setToken } from '@/runtime/session';
import { type AccountType, fetchNavigation, type LoginReply } from './auth-api';
import { requirePasswordChange } from './forced-password';
import { t } from '@/i18n';
import { pathForNavigation, securityTipTitle } from './navigation';

/**
 * What every successful login does (SPEC 2.2, 4 'Login'): store token and profile, run the security check
 * (navigation), show the server's security tip first when there is one (a warning with no cancel button;
 * the redirect happens once it is closed), then go to the returned route. After a sign-in with a one-time
 * password (navigation forcePwdChange) the forced change-password dialog comes between the two.
 * A messaging-app login may carry a warning (specialResult): a '安全提示' confirm comes first; declining
 * signs out again.
 * Resolves once the redirect is decided; rejects when the security check fails (already shown).
 */
export function useLoginSuccess() {
  const navigate = useNavigate();
  const { modal } = useApp();

  const confirmWarning = useCallback(
    (content: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: securityTipTitle(),
          content,
          okText: t('authFlow.continue'),
          cancelText: t('common.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );

  return useCallback(
    async (reply: LoginReply, accountType: AccountType) => {
      setToken(reply.token);
      setProfile({ userId: reply.userId, employeeNumber: reply.employeeNumber, realName: reply.realName });
      // The user's own theme and language from his account, before the next page paints.
      await pullPreferences();
      const warning = reply.specialResult && !reply.specialResult.success ? reply.specialResult.msg : '';
      if (warning && !(await confirmWarning(warning))) {
        clearSession();
        navigate('/login', { replace: true });
        return;
      }
      const info = await fetchNavigation(accountType);
      const path = pathForNavigation(info);
      if (!info.updatePwdTips && !info.forcePwdChange) {
        navigate(path, { replace: true });
        return;
      }
      modal.warning({
        title: securityTipTitle(),
        content: info.updatePwdTips,
        okText: t('common.ok'),
        closable: false,
        keyboard: false,
        maskClosable: false,
        // A password reset by an administrator is changed first (issue 20.4; the server refuses
        // choosing an organisation until then), then the flow goes on as usual.
        afterClose: () =>
          void (info.forcePwdChange ? requirePasswordChange() : Promise.resolve()).then(() =>
            navigate(path, { replace: true }),
          ),
      });
    },
    [confirmWarning, modal, navigate],
  );
}
