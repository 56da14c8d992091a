import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography } from 'antd';
import styles from './login.module.css';

/**
 * /login (SPEC 2.2). This first version renders the password mode with the SPEC 5 rules;
 * the phone-code and QR modes and the submission flow are issue 3.
 */
export default function LoginPage() {
  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <Typography.Title level={3} className={styles.title}>
          鲜丰生鲜管理系统
        </Typography.Title>
        <Form layout="vertical" size="large" autoComplete="off">
          <Form.Item
            name="account"
            normalize={(v: string) => v?.trim()}
            rules={[
              { required: true, message: '请输入您的账号' },
              { min: 1, max: 11, message: '长度在 1 到 11 个字符' },
            ]}
          >
            <Input prefix={<UserOutlined />} placeholder="请输入您的账号" maxLength={11} />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[
              { required: true, message: '请输入您的登录密码' },
              { min: 6, max: 20, message: '长度在 6 到 20 个字符' },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder="请输入您的登录密码" maxLength={20} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
