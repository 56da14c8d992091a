import {
  AppstoreOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  LogoutOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Button, Empty, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clearSession, getProfile } from '@/runtime/session';
import { AuthShell } from '../../components/auth/AuthShell';
import { fetchAuthCode, fetchSubsystems, logout, type Subsystem } from '../auth-flow/auth-api';
import styles from './choose.module.css';

/** SPEC 9 subsystem ids; 300 is this console, whose stores are chosen on /chooseMd. */
const FRESH = 300;
const TILES: Record<number, { icon: ReactNode; desc: string }> = {
  100: { icon: <DatabaseOutlined />, desc: '一期业务系统' },
  200: { icon: <AppstoreOutlined />, desc: '二期业务系统' },
  300: { icon: <ShopOutlined />, desc: '仓储、采购、配送、门店与财务' },
  301: { icon: <BarChartOutlined />, desc: '经营数据分析与报表' },
};
export const JUMP_PARAM_ERROR = '跳转参数错误';

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
  const { message } = App.useApp();
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
        void message.error(JUMP_PARAM_ERROR);
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
      {profile?.realName && <span className={styles.user}>您好，{profile.realName}</span>}
      <Link to="/userCenter" className={styles.link}>
        <UserOutlined /> 个人中心
      </Link>
      <Button color="primary" variant="link" size="small" icon={<LogoutOutlined />} onClick={signOut}>
        退出登录
      </Button>
    </>
  );

  return (
    <AuthShell title="请选择系统" extra={extra} width={760}>
      {!systems && <Spin className={styles.loading} />}
      {systems?.length === 0 && <Empty description="暂无可用系统" />}
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
            <span className={styles.desc}>{TILES[s.systemId]!.desc}</span>
            {opening === s.systemId && <Spin size="small" className={styles.spin} />}
          </button>
        ))}
      </div>
    </AuthShell>
  );
}
