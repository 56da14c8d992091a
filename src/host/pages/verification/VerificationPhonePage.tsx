import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { codeRules, phoneRules } from '../../components/auth/rules';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { bindPhone, sendPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const action = useCallback(
    async ({ phone, code }: Values) => {
      await bindPhone(phone, code.trim());
      void message.success('绑定成功');
      navigate('/chooseProject', { replace: true });
    },
    [message, navigate],
  );
  const { loading, submit } = useSubmit(action);

  return (
    <AuthShell title="绑定手机号" onClose={() => navigate('/login')}>
      <Alert
        type="info"
        showIcon
        message="为保障账号安全，请先绑定手机号，绑定后可使用手机验证码登录和找回密码"
        style={{ marginBottom: 20 }}
      />
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
            placeholder="请输入您的手机号"
            maxLength={11}
            inputMode="numeric"
          />
        </Form.Item>
        <Form.Item required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={codeRules(10)}>
              <Input prefix={<SafetyOutlined />} placeholder="请输入您的验证码" maxLength={10} />
            </Form.Item>
            <SmsCodeButton phone={phone} onSend={() => sendPhoneCode(phone, 'bind')} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          绑定
        </Button>
      </Form>
    </AuthShell>
  );
}
