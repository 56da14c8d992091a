import { Alert, Form, Input, Modal } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback } from 'react';
import { PasswordHint } from '../../components/auth/PasswordHint';
import { newPasswordLengthRule, passwordPolicyRule, sameAs } from '../../components/auth/rules';
import { useSubmit } from '@/host/components/use-submit';
import { useTranslation } from '@/i18n';
import { changePassword } from './user-center-api';

interface Values {
  oldPwd: string;
  newPwd: string;
  confirm: string;
}

/**
 * Change password (SPEC 2.9, 5): old, new (8–16, two kinds), confirmation; success '修改成功.'.
 * The server ends the account's other sessions; this one stays signed in.
 * `forced` (a sign-in with a one-time password, issue 20.4): no cancel and no close; onClose is called
 * only after a successful change.
 */
export function ChangePasswordModal({
  open,
  onClose,
  forced = false,
}: {
  open: boolean;
  onClose: () => void;
  forced?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<Values>();
  const newPwd = Form.useWatch('newPwd', form);
  const action = useCallback(async () => {
    const values = await form.validateFields();
    await changePassword(values.oldPwd, values.newPwd);
    void message.success(t('common.changed'));
    onClose();
  }, [form, message, onClose, t]);
  const { loading, submit } = useSubmit(action);

  return (
    <Modal
      title={t('userCenter.changePassword')}
      open={open}
      onCancel={forced ? undefined : onClose}
      onOk={() => submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={loading}
      destroyOnHidden
      maskClosable={false}
      closable={!forced}
      keyboard={!forced}
      {...(forced ? { cancelButtonProps: { style: { display: 'none' } } } : {})}
      rootClassName={forced ? 'fr-forced-password' : undefined}
    >
      {forced ? (
        <Alert type="warning" showIcon message={t('userCenter.passwordReset')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" autoComplete="off" preserve={false}>
        <Form.Item
          label={t('userCenter.oldPassword')}
          name="oldPwd"
          rules={[{ required: true, message: t('userCenter.oldPasswordRequired') }]}
        >
          <Input.Password placeholder={t('userCenter.oldPasswordRequired')} maxLength={20} />
        </Form.Item>
        <Form.Item
          label={t('userCenter.newPassword')}
          name="newPwd"
          rules={[
            { required: true, message: t('userCenter.newPasswordRequired') },
            newPasswordLengthRule,
            passwordPolicyRule,
          ]}
        >
          <Input.Password placeholder={t('userCenter.newPasswordRequired')} maxLength={16} />
        </Form.Item>
        <PasswordHint value={newPwd} />
        <Form.Item
          label={t('userCenter.confirmPassword')}
          name="confirm"
          dependencies={['newPwd']}
          rules={[
            { required: true, message: t('authFlow.confirmPassword') },
            sameAs('newPwd', t('userCenter.passwordMismatch')),
          ]}
        >
          <Input.Password placeholder={t('authFlow.confirmPassword')} maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
