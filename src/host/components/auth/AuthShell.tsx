import { CloseOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import styles from './auth-shell.module.css';
import { useTranslation } from '@/i18n';

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
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.brand}>
        <span className={styles.logo}>{t('common.brandMark')}</span>
        <span>{t('common.productName')}</span>
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
              <CloseOutlined
                className={styles.close}
                onClick={onClose}
                aria-label={t('common.close')}
                role="button"
              />
            )}
          </span>
        }
      >
        {children}
      </Card>
    </div>
  );
}
