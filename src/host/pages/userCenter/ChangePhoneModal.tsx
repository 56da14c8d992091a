import { Button, Form, Input, Modal, Space, Steps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback, useState } from 'react';
import { MOBILE_PATTERN, phoneInvalid } from '../../components/auth/rules';
import { SmsCodeButton } from '../../components/auth/SmsCodeButton';
import { bindPhone, checkUserPhoneCode, sendPhoneCode, sendUserPhoneCode } from '../auth-flow/auth-api';
import { useSubmit } from '@/host/components/use-submit';
import { t as text, useTranslation } from '@/i18n';

/** The code's rules, in the language in effect when the dialog renders. */
const codeRules = () => [
  { required: true, message: text('userCenter.codeRequired') },
  { max: 11, message: text('authFlow.codeTooLong', { max: 11 }) },
];

interface Props {
  open: boolean;
  /** The masked current phone; empty when none is bound (then step 1 is skipped). */
  currentPhone: string;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * Change phone (SPEC 2.9, 4, 5): step 1 verifies a code sent to the current phone; step 2 takes the new
 * phone and its code. Confirm stays disabled unless the phone has 11 digits and the code is filled;
 * codes are at most 11 characters here.
 */
export function ChangePhoneModal({ open, currentPhone, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [step, setStep] = useState(currentPhone ? 0 : 1);
  const [oldForm] = Form.useForm<{ code: string }>();
  const [newForm] = Form.useForm<{ phone: string; code: string }>();
  const phone = Form.useWatch('phone', newForm) ?? '';
  const code = Form.useWatch('code', newForm) ?? '';

  const verifyOld = useCallback(async () => {
    const { code } = await oldForm.validateFields();
    await checkUserPhoneCode(code.trim());
    setStep(1);
  }, [oldForm]);
  const bindNew = useCallback(async () => {
    const values = await newForm.validateFields();
    await bindPhone(values.phone, values.code.trim());
    void message.success(t('common.changed'));
    onChanged();
    onClose();
  }, [newForm, message, onChanged, onClose, t]);
  const first = useSubmit(verifyOld);
  const second = useSubmit(bindNew);
  const ready = /^\d{11}$/.test(phone) && code.trim() !== '';

  const footer =
    step === 0 ? (
      <Button type="primary" loading={first.loading} onClick={() => first.submit()}>
        {t('authFlow.next')}
      </Button>
    ) : (
      <Button type="primary" loading={second.loading} disabled={!ready} onClick={() => second.submit()}>
        {t('common.ok')}
      </Button>
    );

  return (
    <Modal
      title={t('userCenter.changePhone')}
      open={open}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <Steps
        current={step}
        size="small"
        items={[{ title: t('userCenter.verifyOldPhone') }, { title: t('userCenter.bindNewPhone') }]}
        style={{ margin: '8px 0 24px' }}
      />
      {step === 0 ? (
        <Form key="old" form={oldForm} layout="vertical" autoComplete="off" onFinish={() => first.submit()}>
          <Form.Item label={t('userCenter.oldPhone')}>
            <Input value={currentPhone} disabled />
          </Form.Item>
          <Form.Item label={t('authFlow.code')} required>
            <Space.Compact block>
              <Form.Item name="code" noStyle rules={codeRules()}>
                <Input placeholder={t('authFlow.codePlaceholder')} maxLength={11} />
              </Form.Item>
              <SmsCodeButton ownPhone onSend={sendUserPhoneCode} />
            </Space.Compact>
          </Form.Item>
        </Form>
      ) : (
        <Form key="new" form={newForm} layout="vertical" autoComplete="off" onFinish={() => second.submit()}>
          <Form.Item
            label={t('userCenter.newPhone')}
            name="phone"
            rules={[{ pattern: MOBILE_PATTERN, message: phoneInvalid() }]}
          >
            <Input placeholder={t('userCenter.newPhonePlaceholder')} maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label={t('authFlow.code')} required>
            <Space.Compact block>
              <Form.Item name="code" noStyle rules={codeRules()}>
                <Input placeholder={t('authFlow.codePlaceholder')} maxLength={11} />
              </Form.Item>
              <SmsCodeButton phone={phone} onSend={() => sendPhoneCode(phone, 'bind')} />
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
