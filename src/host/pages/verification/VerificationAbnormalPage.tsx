import { SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Space, Tabs } from 'antd';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { WechatQrPanel } from '../../components/auth/WechatQrPanel';
import { checkUserPhoneCode, sendUserPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';

/**
 * /verificationAbnormal (SPEC 2.7): the identity check after an abnormal login, by an SMS code to the
 * bound phone (masked phone from ?phone) or by scanning with the bound messaging app (actType 4, which
 * lands on /checkPage and then /chooseProject). Passing goes on to /chooseProject.
 */
export default function VerificationAbnormalPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const phone = search.get('phone') ?? '';
  const action = useCallback(
    async ({ code }: { code: string }) => {
      await checkUserPhoneCode(code.trim());
      void message.success('验证成功');
      navigate('/chooseProject', { replace: true });
    },
    [message, navigate],
  );
  const { loading, submit } = useSubmit(action);

  const smsStep = (
    <Form layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="off">
      <Form.Item label="已绑定手机号" htmlFor="verification-phone">
        <Input id="verification-phone" value={phone} disabled />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
            <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" maxLength={10} />
          </Form.Item>
          <SmsCodeButton ownPhone onSend={sendUserPhoneCode} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        验证
      </Button>
    </Form>
  );

  return (
    <AuthShell title="账号异常验证" onClose={() => navigate('/login')}>
      <Alert
        type="warning"
        showIcon
        message="检测到您的账号存在异常登录，请完成身份验证后继续使用"
        style={{ marginBottom: 16 }}
      />
      <Tabs
        centered
        items={[
          { key: 'sms', label: '短信验证', children: smsStep },
          {
            key: 'wechat',
            label: '微信扫码验证',
            children: <WechatQrPanel actType={4} tip="请使用已绑定的微信扫码验证" />,
          },
        ]}
      />
    </AuthShell>
  );
}
