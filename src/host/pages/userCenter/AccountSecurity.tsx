import { CameraOutlined, LockOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { PhotoUploader } from './PhotoUploader';
import styles from './user-center.module.css';
import type { UserCenterInfo } from './user-center-api';
import { useTranslation } from '@/i18n';

interface Props {
  info: UserCenterInfo;
  onChangePassword: () => void;
  onChangePhone: () => void;
  onWechat: (action: 5 | 6) => void;
  onPhoto: (photoUrl: string) => void;
}

function Row({
  icon,
  title,
  value,
  action,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.row}>
      <span className={styles.rowIcon}>{icon}</span>
      <span className={styles.rowTitle}>{title}</span>
      <span className={styles.rowValue}>{value}</span>
      <span className={styles.rowAction}>{action}</span>
    </div>
  );
}

/** The account security tab (SPEC 2.9): password, bound phone, messaging account, own photo. */
export function AccountSecurity({ info, onChangePassword, onChangePhone, onWechat, onPhoto }: Props) {
  const wechatBound = info.bindWechatStatus === 1;
  const { t } = useTranslation();
  return (
    <div>
      <Row
        icon={<LockOutlined />}
        title={t('userCenter.password')}
        value={t('userCenter.passwordSet')}
        action={
          <Button color="primary" variant="link" onClick={onChangePassword}>
            {t('userCenter.changePassword')}
          </Button>
        }
      />
      <Row
        icon={<MobileOutlined />}
        title={t('userCenter.phone')}
        value={info.bindPhoneHide || t('userCenter.unbound')}
        action={
          <Button color="primary" variant="link" onClick={onChangePhone}>
            {info.bindPhoneHide ? t('userCenter.changePhone') : t('userCenter.bindPhone')}
          </Button>
        }
      />
      <Row
        icon={<WechatOutlined />}
        title={t('userCenter.wechat')}
        value={wechatBound ? t('userCenter.bound') : t('userCenter.unbound')}
        action={
          <Button color="primary" variant="link" onClick={() => onWechat(wechatBound ? 6 : 5)}>
            {wechatBound ? t('userCenter.unbindWechat') : t('userCenter.bindWechat')}
          </Button>
        }
      />
      <Row
        icon={<CameraOutlined />}
        title={t('userCenter.photo')}
        value={<PhotoUploader photoUrl={info.photoUrl} onChange={onPhoto} />}
      />
    </div>
  );
}
