import { Alert, App, Form, Input, Modal } from 'antd';
import { useCallback } from 'react';
import { PasswordHint } from '../../components/auth/PasswordHint';
import { newPasswordLengthRule, passwordPolicyRule, sameAs } from '../../components/auth/rules';
import { useSubmit } from '@/host/components/use-submit';
import { changePassword } from './user-center-api';

/** Shown in the forced dialog: the password was reset by an administrator. */
const RESET_PASSWORD_NOTICE = '您的密码已由管理员重置，请修改密码后继续使用。';

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
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const newPwd = Form.useWatch('newPwd', form);
  const action = useCallback(async () => {
    const values = await form.validateFields();
    await changePassword(values.oldPwd, values.newPwd);
    void message.success('修改成功.');
    onClose();
  }, [form, message, onClose]);
  const { loading, submit } = useSubmit(action);

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={forced ? undefined : onClose}
      onOk={() => submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={loading}
      destroyOnHidden
      maskClosable={false}
      closable={!forced}
      keyboard={!forced}
      {...(forced ? { cancelButtonProps: { style: { display: 'none' } } } : {})}
      rootClassName={forced ? 'fr-forced-password' : undefined}
    >
      {forced ? (
        <Alert type="warning" showIcon message={RESET_PASSWORD_NOTICE} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" autoComplete="off" preserve={false}>
        <Form.Item label="旧密码" name="oldPwd" rules={[{ required: true, message: '请输入您的旧密码' }]}>
          <Input.Password placeholder="请输入您的旧密码" maxLength={20} />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="newPwd"
          rules={[{ required: true, message: '请输入您的新密码' }, newPasswordLengthRule, passwordPolicyRule]}
        >
          <Input.Password placeholder="请输入您的新密码" maxLength={16} />
        </Form.Item>
        <PasswordHint value={newPwd} />
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['newPwd']}
          rules={[{ required: true, message: '请再次输入新密码' }, sameAs('newPwd', '两次输入密码不一致')]}
        >
          <Input.Password placeholder="请再次输入新密码" maxLength={16} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
