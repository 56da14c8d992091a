import { Steps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { AuthShell } from '../../components/auth/AuthShell';
import { type NewPassword, PasswordStep } from './PasswordStep';
import { PhoneStep } from './PhoneStep';
import { resetPassword } from './retrieve-api';

/** SPEC 4 / 9: both the reset-to-step-1 and the return to login wait 1 second. */
const RECOVERY_DELAY_MS = 1000;

/**
 * /retrieve (SPEC 2.6, 4 'Password recovery'): step 1 proves the phone (slider + SMS code), step 2 sets
 * the new password. errorType 1 (the code) goes back to step 1 after 1 s; success returns to /login
 * after 1 s. Close goes to /login.
 */
export default function RetrievePage() {
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [round, setRound] = useState(0);
  const verified = useRef({ phone: '', code: '' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onVerified = useCallback((phone: string, code: string) => {
    verified.current = { phone, code };
    setStep(1);
  }, []);

  const onSubmit = useCallback(
    async ({ password }: NewPassword) => {
      const { phone, code } = verified.current;
      const reply = await resetPassword(phone, code, password);
      if (reply.success) {
        void message.success(t('common.changed'));
        await new Promise((resolve) => {
          timer.current = setTimeout(resolve, RECOVERY_DELAY_MS);
        });
        navigate('/login', { replace: true });
        return;
      }
      void message.error(reply.errorMsg);
      if (reply.errorType === 1) {
        timer.current = setTimeout(() => {
          setStep(0);
          setRound((r) => r + 1);
        }, RECOVERY_DELAY_MS);
      }
    },
    [message, navigate, t],
  );

  return (
    <AuthShell title={t('authFlow.retrieveTitle')} onClose={() => navigate('/login')} width={480}>
      <Steps
        current={step}
        size="small"
        items={[{ title: t('authFlow.stepPhone') }, { title: t('authFlow.stepPassword') }]}
        style={{ marginBottom: 28 }}
      />
      {step === 0 ? (
        <PhoneStep key={round} initialPhone={verified.current.phone} onVerified={onVerified} />
      ) : (
        <PasswordStep onSubmit={onSubmit} />
      )}
    </AuthShell>
  );
}
