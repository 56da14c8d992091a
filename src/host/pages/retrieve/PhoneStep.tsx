import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback, useState } from 'react';
import { MOBILE_PATTERN } from '../../components/auth/rules';
import { SliderVerify } from '../../components/auth/SliderVerify';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { sendPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';
import { t as text, useTranslation } from '@/i18n';
import { checkRecoveryCode } from './retrieve-api';

/** '请先完成滑块验证', in the language in effect. */
export const sliderRequired = () => text('authFlow.sliderRequired');

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
  const { message } = useApp();
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const [sliderKey, setSliderKey] = useState(0);
  const [passed, setPassed] = useState(false);
  const [proof, setProof] = useState<string>();

  const send = async () => {
    if (!proof) {
      setPassed(false);
      setSliderKey((k) => k + 1);
      void message.warning(sliderRequired());
      throw new Error('slider');
    }
    setProof(undefined);
    await sendPhoneCode(phone, 'retrieve', proof);
  };

  const next = useCallback(
    async ({ phone, code }: Values) => {
      if (!passed) {
        void message.warning(sliderRequired());
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
          { required: true, message: t('authFlow.phonePlaceholder') },
          { len: 11, message: t('authFlow.phonePlaceholder') },
          { pattern: MOBILE_PATTERN, message: t('authRules.phoneInvalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('authFlow.phonePlaceholder')}
          maxLength={11}
          inputMode="numeric"
        />
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
              { required: true, message: t('authFlow.codePlaceholder') },
              { max: 11, message: t('authFlow.codeTooLong', { max: 11 }) },
            ]}
          >
            <Input prefix={<SafetyOutlined />} placeholder={t('authFlow.codePlaceholder')} maxLength={11} />
          </Form.Item>
          <SmsCodeButton phone={phone} onSend={send} disabled={!passed} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('authFlow.next')}
      </Button>
    </Form>
  );
}
