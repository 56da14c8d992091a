import { CameraOutlined, LockOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { PhotoUploader } from './PhotoUploader';
import styles from './user-center.module.css';
import type { UserCenterInfo } from './user-center-api';

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
  return (
    <div>
      <Row
        icon={<LockOutlined />}
        title="登录密码"
        value="已设置"
        action={
          <Button color="primary" variant="link" onClick={onChangePassword}>
            修改密码
          </Button>
        }
      />
      <Row
        icon={<MobileOutlined />}
        title="绑定手机"
        value={info.bindPhoneHide || '未绑定'}
        action={
          <Button color="primary" variant="link" onClick={onChangePhone}>
            {info.bindPhoneHide ? '修改手机号' : '绑定手机号'}
          </Button>
        }
      />
      <Row
        icon={<WechatOutlined />}
        title="微信账号"
        value={wechatBound ? '已绑定' : '未绑定'}
        action={
          <Button color="primary" variant="link" onClick={() => onWechat(wechatBound ? 6 : 5)}>
            {wechatBound ? '解绑微信' : '绑定微信'}
          </Button>
        }
      />
      <Row
        icon={<CameraOutlined />}
        title="个人照片"
        value={<PhotoUploader photoUrl={info.photoUrl} onChange={onPhoto} />}
      />
    </div>
  );
}
