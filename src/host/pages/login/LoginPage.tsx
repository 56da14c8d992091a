import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styles from './login.module.css';
import { PasswordLogin } from './PasswordLogin';
import { PhoneLogin } from './PhoneLogin';

// The QR panel (and its QR code library) only for ?mode=qr: a first visit opens the password form.
const WechatQrPanel = lazy(() =>
  import('../../components/auth/WechatQrPanel').then((m) => ({ default: m.WechatQrPanel })),
);

type Mode = 'password' | 'phone' | 'qr';

const MODES: { mode: Mode; title: string; link: string }[] = [
  { mode: 'password', title: '账号密码登录', link: '账号密码登录' },
  { mode: 'phone', title: '手机验证码登录', link: '验证码登录' },
  { mode: 'qr', title: '微信扫码登录', link: '扫码登录' },
];

/**
 * /login (SPEC 2.2): password (default), phone code and messaging-app QR, switched by links; 'forgot
 * password' goes to /retrieve. What happens after a successful login is useLoginSuccess.
 */
export default function LoginPage() {
  // The mode lives in the query (?mode=phone|qr): the switches are real links, and Back returns.
  const [search] = useSearchParams();
  const current = MODES.find((m) => m.mode === search.get('mode')) ?? MODES[0]!;
  const mode = current.mode;
  const forgot = (
    <div className={styles.row}>
      <span />
      <Link to="/retrieve" className={styles.modeLink}>
        忘记密码
      </Link>
    </div>
  );
  let body: ReactNode;
  if (mode === 'password') body = <PasswordLogin footer={forgot} />;
  else if (mode === 'phone') body = <PhoneLogin footer={forgot} />;
  else
    body = (
      <Suspense fallback={null}>
        <WechatQrPanel actType={1} tip="请使用微信扫一扫登录" />
      </Suspense>
    );

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.brand}>
          <span className={styles.logo}>鲜</span>
          <span>鲜丰生鲜</span>
        </div>
        <div className={styles.slogan}>
          <h2>让每一份新鲜，准时抵达</h2>
          <p>仓储 · 采购 · 配送 · 门店 · 财务，一个平台协同运营</p>
        </div>
        <ul className={styles.points}>
          <li>总部与门店数据实时互通</li>
          <li>订单、库存、结算全流程可追溯</li>
          <li>多终端安全登录，账号异常及时提醒</li>
        </ul>
      </section>
      <main className={styles.panel}>
        <div className={styles.card}>
          {/* A plain heading styled like antd's Typography.Title level 3 (login.module.css), which would
              bring Typography's code (ellipsis, copy, edit) to the page for one line of text. */}
          <h3 className={styles.title}>鲜丰生鲜管理系统</h3>
          <div className={styles.subtitle}>{current.title}</div>
          {body}
          <div className={styles.modes}>
            {MODES.filter((m) => m.mode !== mode).map((m) => (
              <Link
                key={m.mode}
                to={m.mode === 'password' ? '/login' : `/login?mode=${m.mode}`}
                className={styles.modeLink}
              >
                {m.link}
              </Link>
            ))}
          </div>
        </div>
        <footer className={styles.footer}>© 鲜丰生鲜 · 内部管理系统，仅限授权员工使用</footer>
      </main>
    </div>
  );
}
