import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { PasswordHint } from '../../components/auth/PasswordHint';
import { newPasswordLengthRule, passwordPolicyRule, sameAs } from '../../components/auth/rules';
import { useSubmit } from '@/host/components/use-submit';

export interface NewPassword {
  password: string;
  confirm: string;
}

/** Recovery step 2 (SPEC 2.6, 5): new password and confirmation, at most 16; mismatch '新密码不一致'. */
export function PasswordStep({ onSubmit }: { onSubmit: (values: NewPassword) => Promise<void> }) {
  const [form] = Form.useForm<NewPassword>();
  const password = Form.useWatch('password', form);
  const { loading, submit } = useSubmit(onSubmit);
  return (
    <Form<NewPassword>
      form={form}
      layout="vertical"
      size="large"
      autoComplete="off"
      onFinish={submit}
      requiredMark={false}
    >
      <Form.Item
        name="password"
        rules={[{ required: true, message: '请输入新密码' }, newPasswordLengthRule, passwordPolicyRule]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请输入新密码" maxLength={16} />
      </Form.Item>
      <PasswordHint value={password} />
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[{ required: true, message: '请再次输入新密码' }, sameAs('password', '新密码不一致')]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" maxLength={16} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading}>
        确认修改
      </Button>
    </Form>
  );
}
