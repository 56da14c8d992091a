import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { codeRules, phoneRules } from '../../components/auth/rules';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { bindPhone, sendPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';

interface Values {
  phone: string;
  code: string;
}

/**
 * /verificationPhone (SPEC 2.8, 5 'Bind phone'): an account without a phone binds one (phone 1–11,
 * code at most 10), then goes on to /chooseProject.
 */
export default function VerificationPhonePage() {
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const action = useCallback(
    async ({ phone, code }: Values) => {
      await bindPhone(phone, code.trim());
      void message.success(t('authFlow.bound'));
      navigate('/chooseProject', { replace: true });
    },
    [message, navigate, t],
  );
  const { loading, submit } = useSubmit(action);

  return (
    <AuthShell title={t('authFlow.bindPhoneTitle')} onClose={() => navigate('/login')}>
      <Alert type="info" showIcon message={t('authFlow.bindPhoneAlert')} style={{ marginBottom: 20 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        size="large"
        onFinish={submit}
        requiredMark={false}
        autoComplete="off"
      >
        <Form.Item name="phone" rules={phoneRules}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('login.phonePlaceholder')}
            maxLength={11}
            inputMode="numeric"
          />
        </Form.Item>
        <Form.Item required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={codeRules(10)}>
              <Input prefix={<SafetyOutlined />} placeholder={t('login.codePlaceholder')} maxLength={10} />
            </Form.Item>
            <SmsCodeButton phone={phone} onSend={() => sendPhoneCode(phone, 'bind')} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          {t('authFlow.bind')}
        </Button>
      </Form>
    </AuthShell>
  );
}
