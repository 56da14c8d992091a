import {
  AppstoreOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  LogoutOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t as text, useTranslation } from '@/i18n';
import { clearSession, getProfile } from '@/runtime/session';
import { AuthShell } from '../../components/auth/AuthShell';
import { fetchAuthCode, fetchSubsystems, logout, type Subsystem } from '../auth-flow/auth-api';
import styles from './choose.module.css';

/** SPEC 9 subsystem ids; 300 is this console, whose stores are chosen on /chooseMd. */
const FRESH = 300;
const TILES: Record<
  number,
  { icon: ReactNode; desc: 'system100' | 'system200' | 'system300' | 'system301' }
> = {
  100: { icon: <DatabaseOutlined />, desc: 'system100' },
  200: { icon: <AppstoreOutlined />, desc: 'system200' },
  300: { icon: <ShopOutlined />, desc: 'system300' },
  301: { icon: <BarChartOutlined />, desc: 'system301' },
};
/** '跳转参数错误', in the language in effect. */
export const jumpParamError = () => text('authFlow.jumpError');

/** 100, 200 and 300 always; 301 where an address is configured (SPEC 2.3). */
function visible(list: Subsystem[]): Subsystem[] {
  return list.filter((s) => s.systemId in TILES && (s.systemId !== 301 || !!s.systemUrl));
}

/**
 * /chooseProject (SPEC 2.3): a tile per subsystem. 300 goes on to /chooseMd; another subsystem opens its
 * configured address with a fresh single-use authCode; a missing address or code is '跳转参数错误'.
 */
export default function ChooseProjectPage() {
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const [systems, setSystems] = useState<Subsystem[]>();
  const [opening, setOpening] = useState<number>();
  const profile = getProfile();

  useEffect(() => {
    fetchSubsystems()
      .then((list) => setSystems(visible(list)))
      .catch(() => setSystems([]));
  }, []);

  const open = async (system: Subsystem) => {
    if (opening !== undefined) return;
    if (system.systemId === FRESH) {
      navigate('/chooseMd');
      return;
    }
    setOpening(system.systemId);
    try {
      const { authCode, systemUrl } = await fetchAuthCode(system.systemId);
      if (!authCode || !systemUrl) {
        void message.error(jumpParamError());
        return;
      }
      const url = new URL(systemUrl, window.location.origin);
      url.searchParams.set('authCode', authCode);
      window.location.assign(url.href);
    } catch {
      // Shown by the request layer.
    } finally {
      setOpening(undefined);
    }
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    clearSession();
    navigate('/login', { replace: true });
  };

  const extra = (
    <>
      {profile?.realName && (
        <span className={styles.user}>{t('authFlow.hello', { name: profile.realName })}</span>
      )}
      <Link to="/userCenter" className={styles.link}>
        <UserOutlined /> {t('authFlow.personalCentre')}
      </Link>
      <Button color="primary" variant="link" size="small" icon={<LogoutOutlined />} onClick={signOut}>
        {t('authFlow.signOut')}
      </Button>
    </>
  );

  return (
    <AuthShell title={t('authFlow.chooseSystem')} extra={extra} width={760}>
      {!systems && <Spin className={styles.loading} />}
      {systems?.length === 0 && <Empty description={t('authFlow.noSystems')} />}
      <div className={styles.grid}>
        {systems?.map((s) => (
          <button
            key={s.systemId}
            type="button"
            className={styles.tile}
            onClick={() => open(s)}
            disabled={opening !== undefined}
            data-system={s.systemId}
          >
            <span className={styles.icon}>{TILES[s.systemId]!.icon}</span>
            <span className={styles.name}>{s.systemName}</span>
            <span className={styles.desc}>{t(`authFlow.${TILES[s.systemId]!.desc}`)}</span>
            {opening === s.systemId && <Spin size="small" className={styles.spin} />}
          </button>
        ))}
      </div>
    </AuthShell>
  );
}
