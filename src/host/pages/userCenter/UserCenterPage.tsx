import { Avatar, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { AccountSecurity } from './AccountSecurity';
import { BasicInfo } from './BasicInfo';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ChangePhoneModal } from './ChangePhoneModal';
import styles from './user-center.module.css';
import { fetchUserCenterInfo, type UserCenterInfo } from './user-center-api';
import { WechatBindModal } from './WechatBindModal';
import { useTranslation } from '@/i18n';

type Dialog = 'password' | 'phone' | undefined;

/**
 * The personal centre (SPEC 2.9): /userCenter and /personalCenter, and the page the admin sub-app shows at
 * /admin/personalCenter. Two tabs, basic data (read-only) and account security; the close icon goes to
 * /chooseProject.
 */
export default function UserCenterPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [info, setInfo] = useState<UserCenterInfo>();
  const [dialog, setDialog] = useState<Dialog>();
  const [wechat, setWechat] = useState<5 | 6>();

  const load = useCallback(() => {
    fetchUserCenterInfo()
      .then(setInfo)
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  const closeDialog = useCallback(() => setDialog(undefined), []);

  return (
    <AuthShell title={t('userCenter.title')} onClose={() => navigate('/chooseProject')} width={720}>
      {!info ? (
        <Spin className={styles.loading} />
      ) : (
        <>
          <div className={styles.header}>
            <Avatar size={64} src={info.photoUrl || undefined} className={styles.avatar}>
              {info.employeeName.slice(-2)}
            </Avatar>
            <div>
              <div className={styles.name}>{info.employeeName}</div>
              <div className={styles.sub}>
                {info.employeeNumber} · {info.orgName} · {info.positionName}
              </div>
            </div>
          </div>
          <Tabs
            items={[
              { key: 'basic', label: t('userCenter.basic'), children: <BasicInfo info={info} /> },
              {
                key: 'security',
                label: t('userCenter.security'),
                children: (
                  <AccountSecurity
                    info={info}
                    onChangePassword={() => setDialog('password')}
                    onChangePhone={() => setDialog('phone')}
                    onWechat={setWechat}
                    onPhoto={(photoUrl) => setInfo({ ...info, photoUrl })}
                  />
                ),
              },
            ]}
          />
          {dialog === 'password' && <ChangePasswordModal open onClose={closeDialog} />}
          {dialog === 'phone' && (
            <ChangePhoneModal open currentPhone={info.bindPhoneHide} onClose={closeDialog} onChanged={load} />
          )}
          <WechatBindModal action={wechat} onClose={() => setWechat(undefined)} />
        </>
      )}
    </AuthShell>
  );
}
