import { App, Form, Input, Modal } from 'antd';
import { useCallback } from 'react';
import { PasswordHint } from '../../components/auth/PasswordHint';
import { newPasswordLengthRule, passwordPolicyRule, sameAs } from '../../components/auth/rules';
import { useSubmit } from '@/host/components/use-submit';
import { changePassword } from './user-center-api';

interface Values {
  oldPwd: string;
  newPwd: string;
  confirm: string;
}

/**
 * Change password (SPEC 2.9, 5): old, new (8–16, two kinds), confirmation; success '修改成功.'.
 * The server ends the account's other sessions; this one stays signed in.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
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
      onCancel={onClose}
      onOk={() => submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={loading}
      destroyOnHidden
      maskClosable={false}
    >
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
