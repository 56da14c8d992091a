import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import { useCallback, useState } from 'react';
import { MOBILE_PATTERN, PHONE_INVALID } from '../../components/auth/rules';
import { SliderVerify } from '../../components/auth/SliderVerify';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { sendPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';
import { checkRecoveryCode } from './retrieve-api';

export const SLIDER_REQUIRED = '请先完成滑块验证';

interface Values {
  phone: string;
  code: string;
}

interface Props {
  initialPhone?: string;
  onVerified: (phone: string, code: string) => void;
}

/**
 * Recovery step 1 (SPEC 2.6, 4, 5): phone (exactly 11), the slider, the SMS code (at most 11). The slider's
 * proof is spent by sending the code, so a resend needs the slider again.
 */
export function PhoneStep({ initialPhone, onVerified }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const [sliderKey, setSliderKey] = useState(0);
  const [passed, setPassed] = useState(false);
  const [proof, setProof] = useState<string>();

  const send = async () => {
    if (!proof) {
      setPassed(false);
      setSliderKey((k) => k + 1);
      void message.warning(SLIDER_REQUIRED);
      throw new Error('slider');
    }
    setProof(undefined);
    await sendPhoneCode(phone, 'retrieve', proof);
  };

  const next = useCallback(
    async ({ phone, code }: Values) => {
      if (!passed) {
        void message.warning(SLIDER_REQUIRED);
        return;
      }
      await checkRecoveryCode(phone, code.trim());
      onVerified(phone, code.trim());
    },
    [passed, message, onVerified],
  );
  const { loading, submit } = useSubmit(next);

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      size="large"
      autoComplete="off"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ phone: initialPhone }}
    >
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: '请输入手机号' },
          { len: 11, message: '请输入手机号' },
          { pattern: MOBILE_PATTERN, message: PHONE_INVALID },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item>
        <SliderVerify
          resetKey={sliderKey}
          onPass={(p) => {
            setProof(p);
            setPassed(true);
          }}
        />
      </Form.Item>
      <Form.Item required>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              { max: 11, message: '验证码长度不能超过 11 个字符' },
            ]}
          >
            <Input prefix={<SafetyOutlined />} placeholder="请输入验证码" maxLength={11} />
          </Form.Item>
          <SmsCodeButton phone={phone} onSend={send} disabled={!passed} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        下一步
      </Button>
    </Form>
  );
}
