import { Button, Result, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { ERROR_CODE } from '@/runtime/request';
import { AuthShell } from '../../components/auth/AuthShell';
import { checkWechatInfo, loginWithCode } from '../auth-flow/auth-api';
import { useLoginSuccess } from '../auth-flow/use-login-success';
import styles from './check.module.css';
import { bindingTarget, CALLBACK_REDIRECT_MS, CHECK_MSG, readCheckParams } from './check-params';

const msgOf = (error: unknown, fallback: string) => (error as { msg?: string } | null)?.msg || fallback;

/** The request layer itself takes the user to login for these (SPEC 8); the page must not redirect too. */
const SESSION_ENDED: string[] = [ERROR_CODE.expired, ERROR_CODE.replaced, ERROR_CODE.noToken];
const sessionEnded = (error: unknown) =>
  SESSION_ENDED.includes((error as { code?: string } | null)?.code ?? '');

/**
 * /checkPage (SPEC 2.5, 8): the landing page of the messaging-app provider and of other subsystems.
 * authCode: login type 4. actType 1: login type 3; 4: identity check, then /chooseProject;
 * 2, 3 → /personalCenter and 5, 6 → /userCenter after a toast and 100 ms. Login and identity failures
 * are shown on the card; its close button goes to /.
 */
export default function CheckPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const onLogin = useLoginSuccess();
  const [failure, setFailure] = useState<string>();
  // Codes are single use: the effect must not run twice for one visit.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { authCode, code, actType } = readCheckParams(search);
    const later = (path: string) => setTimeout(() => navigate(path, { replace: true }), CALLBACK_REDIRECT_MS);

    const run = async () => {
      if (authCode) {
        const reply = await loginWithCode(4, authCode).catch((e) => {
          throw msgOf(e, CHECK_MSG.authCode);
        });
        await onLogin(reply, 4);
        return;
      }
      if (!code || !actType) throw CHECK_MSG.badParams;
      const target = bindingTarget(actType);
      if (target) {
        try {
          await checkWechatInfo(code, actType);
          void message.success(actType === 5 || actType === 2 ? CHECK_MSG.bound : CHECK_MSG.done);
        } catch (error) {
          if (sessionEnded(error)) return;
          void message.error(msgOf(error, CHECK_MSG.badParams));
        }
        later(target);
        return;
      }
      if (actType === 4) {
        await checkWechatInfo(code, 4).catch((e) => {
          throw msgOf(e, CHECK_MSG.wechatLogin);
        });
        navigate('/chooseProject', { replace: true });
        return;
      }
      const reply = await checkWechatInfo(code, 1)
        .then(() => loginWithCode(3, code))
        .catch((e) => {
          throw msgOf(e, CHECK_MSG.wechatLogin);
        });
      await onLogin(reply, 3);
    };
    run().catch((error: unknown) =>
      setFailure(typeof error === 'string' ? error : msgOf(error, CHECK_MSG.wechatLogin)),
    );
  }, [search, navigate, message, onLogin]);

  const close = () => navigate('/', { replace: true });
  return (
    <AuthShell title={t('authFlow.checkTitle')} onClose={close}>
      {failure ? (
        <Result
          status="error"
          title={failure}
          extra={
            <Button type="primary" onClick={close}>
              {t('common.close')}
            </Button>
          }
        />
      ) : (
        <div className={styles.waiting}>
          <Spin size="large" />
          <span>{t('authFlow.checking')}</span>
        </div>
      )}
    </AuthShell>
  );
}
