import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// The two inputs themselves: antd's Input namespace also brings TextArea, Search and OTP to /login.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useCallback } from 'react';
import { accountRules, loginPasswordRules } from '../../components/auth/rules';
import { loginWithPassword } from '../auth-flow/auth-api';
import { useLoginSuccess } from '../auth-flow/use-login-success';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';

interface Values {
  account: string;
  password: string;
}

/** Password mode (SPEC 2.2, 5): account trimmed, at most 11; password 6–20, sent RSA-OAEP encrypted. */
export function PasswordLogin({ footer }: { footer: React.ReactNode }) {
  const onSuccess = useLoginSuccess();
  const { t } = useTranslation();
  const action = useCallback(
    async ({ account, password }: Values) => onSuccess(await loginWithPassword(account.trim(), password), 1),
    [onSuccess],
  );
  const { loading, submit } = useSubmit(action);
  return (
    <Form<Values> layout="vertical" size="large" autoComplete="off" onFinish={submit} requiredMark={false}>
      <Form.Item name="account" normalize={(v: string | undefined) => v?.trim()} rules={accountRules}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.accountPlaceholder')}
          maxLength={11}
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" rules={loginPasswordRules}>
        <Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} maxLength={20} />
      </Form.Item>
      {footer}
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
