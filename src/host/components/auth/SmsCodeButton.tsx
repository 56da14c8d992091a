import { Button } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { MOBILE_PATTERN } from './rules';
import { useCountdown } from './use-countdown';

/** SPEC 2.2 / 9: the phone-code countdown. */
export const SMS_COUNTDOWN_SECONDS = 60;

interface Props {
  /** The phone the code goes to; omit with `ownPhone` when the code goes to the signed-in user's phone. */
  phone?: string | undefined;
  ownPhone?: boolean;
  /** Sends the code; a rejection (already shown by the request layer) leaves the button ready again. */
  onSend: () => Promise<unknown>;
  /** Extra reason to keep the button disabled (e.g. the slider has not passed yet). */
  disabled?: boolean;
  block?: boolean;
}

/**
 * The phone-code button (SPEC 2.2, 4): disabled until an 11-digit phone is typed, while counting down
 * and while the request runs; counts down 60 s as 'N秒', then '重新发送'.
 */
export function SmsCodeButton({ phone, ownPhone, onSend, disabled, block }: Props) {
  const { message } = useApp();
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const phoneReady = ownPhone || MOBILE_PATTERN.test(phone ?? '');

  const send = async () => {
    if (!ownPhone && !phone) {
      // SPEC 5: reachable when the button is enabled by another route (keyboard, a stale render).
      void message.warning(t('authParts.phoneFirst'));
      return;
    }
    setSending(true);
    try {
      await onSend();
      setSentOnce(true);
      start(SMS_COUNTDOWN_SECONDS);
    } catch {
      // The request layer has shown why; the user may try again at once.
    } finally {
      setSending(false);
    }
  };

  const label =
    left > 0
      ? t('authParts.smsSeconds', { seconds: left })
      : sentOnce
        ? t('authParts.smsResend')
        : t('authParts.smsSend');
  return (
    <Button
      onClick={send}
      loading={sending}
      disabled={disabled || sending || !phoneReady || left > 0}
      block={block}
      data-testid="sms-code-button"
      style={{ minWidth: 112 }}
    >
      {label}
    </Button>
  );
}
