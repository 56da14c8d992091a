import { CloseOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './auth-shell.module.css';

interface Props {
  title: ReactNode;
  /** Extra header content on the right, before the close icon. */
  extra?: ReactNode;
  /** Shows a close icon in the card's corner. */
  onClose?: () => void;
  width?: number;
  children: ReactNode;
}

/** The frame of the sign-in pages after /login: brand bar, a centred card, an optional close icon. */
export function AuthShell({ title, extra, onClose, width = 460, children }: Props) {
  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <span className={styles.logo}>鲜</span>
        <span>鲜丰生鲜管理系统</span>
      </header>
      <Card
        className={styles.card}
        style={{ width }}
        title={
          <Typography.Title level={4} className={styles.title}>
            {title}
          </Typography.Title>
        }
        extra={
          <span className={styles.extra}>
            {extra}
            {onClose && (
              <CloseOutlined className={styles.close} onClick={onClose} aria-label="关闭" role="button" />
            )}
          </span>
        }
      >
        {children}
      </Card>
    </div>
  );
}
