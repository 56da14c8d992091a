import { Alert, type App, Radio, Typography } from 'antd';
import { t as text } from '@/i18n';
import type { TransitionDef } from '../schema-types';

/** What a transition with `secret` answers once (server/resources/transition-secret.ts). */
export interface OneTimeSecretAnswer {
  title: string;
  notice?: string;
  value?: string;
  sentTo?: string;
}

type Delivery = 'show' | 'sms';

type AppApi = Pick<ReturnType<typeof App.useApp>, 'modal' | 'message'>;

/**
 * A transition that makes a secret (a reset password): the confirmation offers the SMS way when the
 * schema declares one; the answer's secret is shown once in a dialog with copy (never kept: closing
 * the dialog drops it), or the masked phone it was sent to.
 */
export function runSecretTransition(
  app: AppApi,
  t: TransitionDef,
  question: string,
  call: (input: Record<string, unknown>) => Promise<unknown>,
): void {
  let delivery: Delivery = 'show';
  const secret = t.secret!;
  app.modal.confirm({
    title: question,
    content: secret.sms ? (
      <Radio.Group
        defaultValue="show"
        onChange={(e) => (delivery = e.target.value as Delivery)}
        options={[
          { value: 'show', label: text('list.secretShow', { title: secret.title }) },
          { value: 'sms', label: text('list.secretSms') },
        ]}
      />
    ) : undefined,
    okText: text('common.ok'),
    cancelText: text('common.cancel'),
    okButtonProps: { danger: t.danger },
    onOk: () =>
      call(delivery === 'sms' ? { secretDelivery: 'sms' } : {})
        .then((row) => showSecret(app, (row as { oneTimeSecret?: OneTimeSecretAnswer }).oneTimeSecret))
        .catch(() => undefined),
  });
}

function showSecret(app: AppApi, s: OneTimeSecretAnswer | undefined): void {
  if (!s) return;
  if (!s.value) {
    app.message.success(text('list.secretSent', { title: s.title, to: s.sentTo ?? '' }));
    return;
  }
  app.modal.success({
    title: s.title,
    className: 'fr-secret-dialog',
    closable: false,
    keyboard: false,
    maskClosable: false,
    okText: text('list.secretCopied'),
    content: (
      <>
        <Typography.Paragraph
          copyable={{ text: s.value, tooltips: [text('list.copy'), text('list.copied')] }}
          className="fr-secret-value"
          style={{ fontSize: 20, fontFamily: 'monospace', margin: '12px 0' }}
        >
          {s.value}
        </Typography.Paragraph>
        {s.notice ? <Alert type="warning" showIcon message={s.notice} /> : null}
      </>
    ),
  });
}
