import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Tabs } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { WechatQrPanel } from '../../components/auth/WechatQrPanel';
import { checkUserPhoneCode, sendUserPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';

/**
 * /verificationAbnormal (SPEC 2.7): the identity check after an abnormal login, by an SMS code to the
 * bound phone (masked phone from ?phone) or by scanning with the bound messaging app (actType 4, which
 * lands on /checkPage and then /chooseProject). Passing goes on to /chooseProject.
 */
export default function VerificationAbnormalPage() {
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const phone = search.get('phone') ?? '';
  const action = useCallback(
    async ({ code }: { code: string }) => {
      await checkUserPhoneCode(code.trim());
      void message.success(t('authFlow.verified'));
      navigate('/chooseProject', { replace: true });
    },
    [message, navigate, t],
  );
  const { loading, submit } = useSubmit(action);

  const smsStep = (
    <Form layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="off">
      <Form.Item label={t('authFlow.boundPhone')} htmlFor="verification-phone">
        <Input id="verification-phone" value={phone} disabled />
      </Form.Item>
      <Form.Item label={t('authFlow.code')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('authFlow.codePlaceholder') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('authFlow.codePlaceholder')} maxLength={10} />
          </Form.Item>
          <SmsCodeButton ownPhone onSend={sendUserPhoneCode} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('authFlow.verify')}
      </Button>
    </Form>
  );

  return (
    <AuthShell title={t('authFlow.abnormalTitle')} onClose={() => navigate('/login')}>
      <Alert type="warning" showIcon message={t('authFlow.abnormalAlert')} style={{ marginBottom: 16 }} />
      <Tabs
        centered
        items={[
          { key: 'sms', label: t('authFlow.bySms'), children: smsStep },
          {
            key: 'wechat',
            label: t('authFlow.byWechat'),
            children: <WechatQrPanel actType={4} tip={t('authFlow.wechatTip')} />,
          },
        ]}
      />
    </AuthShell>
  );
}
