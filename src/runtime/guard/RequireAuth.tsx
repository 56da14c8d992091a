import { Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '@/i18n';
import { clearSession } from '../session';
import { readGuardInput } from './browser-input';
import { decideAfterRecovery, decideRoute, LOGIN_PATH } from './decide';
import { recoverProfile } from './recover';
import { clearTabs } from './tabs';

interface Props {
  children: ReactNode;
  /** Paths inside the guarded tree that need no authentication (SPEC 2.1). */
  noAuthPaths?: readonly string[];
}

/**
 * The route guard around the guarded routes (the /home layout, /personalCenter): renders its children
 * only when decideRoute passes, on every path change. A missing user is recovered from the server first
 * (a spinner meanwhile). Failure: token and profile reset, tabs cleared, the error toast, /login.
 */
const NONE: readonly string[] = [];

export function RequireAuth({ children, noAuthPaths = NONE }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = useApp();
  // Bumped after a recovery so that the decision is taken again on the stored profile.
  const [round, setRound] = useState(0);
  // By value: a caller's inline array must not make every render a new decision (and a new recovery).
  const noAuthKey = noAuthPaths.join('\n');
  const decision = useMemo(
    () => decideRoute(readGuardInput(pathname, noAuthKey ? noAuthKey.split('\n') : [])),
    // round is not read: bumping it re-reads the storages after a recovery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pathname, noAuthKey, round],
  );

  useEffect(() => {
    let cancelled = false;
    const fail = () => {
      clearSession();
      clearTabs();
      // GUARD_FAILED_MSG, in the language in effect.
      void message.error(t('errors.guardFailed'));
      navigate(LOGIN_PATH, { replace: true });
    };
    if (decision.type === 'login') {
      clearTabs();
      navigate(LOGIN_PATH, { replace: true });
    } else if (decision.type === 'fail') {
      fail();
    } else if (decision.type === 'recover') {
      void recoverProfile().then((profile) => {
        if (cancelled) return;
        if (decideAfterRecovery(profile).type === 'pass') setRound((r) => r + 1);
        else fail();
      });
    }
    return () => {
      cancelled = true;
    };
  }, [decision, message, navigate]);

  if (decision.type === 'pass') return <>{children}</>;
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
