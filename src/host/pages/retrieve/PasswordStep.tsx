import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { PasswordHint } from '../../components/auth/PasswordHint';
import { newPasswordLengthRule, passwordPolicyRule, sameAs } from '../../components/auth/rules';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** Recovery step 2 (SPEC 2.6, 5): new password and confirmation, at most 16; mismatch '新密码不一致'. */
export function PasswordStep({ onSubmit }: { onSubmit: (values: NewPassword) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPassword>();
  const password = Form.useWatch('password', form);
  const { loading, submit } = useSubmit(onSubmit);
  return (
    <Form<NewPassword>
      form={form}
      layout="vertical"
      size="large"
      autoComplete="off"
      onFinish={submit}
      requiredMark={false}
    >
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('authFlow.newPassword') },
          newPasswordLengthRule,
          passwordPolicyRule,
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('authFlow.newPassword')} maxLength={16} />
      </Form.Item>
      <PasswordHint value={password} />
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: t('authFlow.confirmPassword') },
          sameAs('password', t('authFlow.passwordMismatch')),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('authFlow.confirmPassword')}
          maxLength={16}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('authFlow.confirmChange')}
      </Button>
    </Form>
  );
}
