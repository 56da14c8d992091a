import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
// The input alone: antd's Input namespace also brings TextArea, Search, Password and OTP to /login.
import Input from 'antd/es/input/Input';
import { useCallback } from 'react';
import { codeRules, phoneRules } from '../../components/auth/rules';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { loginWithPhone, sendPhoneCode } from '../auth-flow/auth-api';
import { useLoginSuccess } from '../auth-flow/use-login-success';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';

interface Values {
  phone: string;
  code: string;
}

/** Phone-code mode (SPEC 2.2, 5): phone 11 digits starting with 1; code at most 10. */
export function PhoneLogin({ footer }: { footer: React.ReactNode }) {
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const onSuccess = useLoginSuccess();
  const { t } = useTranslation();
  const action = useCallback(
    async ({ phone, code }: Values) => onSuccess(await loginWithPhone(phone, code.trim()), 2),
    [onSuccess],
  );
  const { loading, submit } = useSubmit(action);
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      autoComplete="off"
      onFinish={submit}
      requiredMark={false}
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
          <Form.Item name="code" rules={codeRules(10)} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder={t('login.codePlaceholder')} maxLength={10} />
          </Form.Item>
          <SmsCodeButton phone={phone} onSend={() => sendPhoneCode(phone, 'login')} />
        </Space.Compact>
      </Form.Item>
      {footer}
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
