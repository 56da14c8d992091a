import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styles from './login.module.css';
import { PasswordLogin } from './PasswordLogin';
import { PhoneLogin } from './PhoneLogin';
import { useTranslation } from '@/i18n';

// The QR panel (and its QR code library) only for ?mode=qr: a first visit opens the password form.
const WechatQrPanel = lazy(() =>
  import('../../components/auth/WechatQrPanel').then((m) => ({ default: m.WechatQrPanel })),
);

type Mode = 'password' | 'phone' | 'qr';

const MODES = [
  { mode: 'password', title: 'login.passwordTitle', link: 'login.passwordLink' },
  { mode: 'phone', title: 'login.phoneTitle', link: 'login.phoneLink' },
  { mode: 'qr', title: 'login.qrTitle', link: 'login.qrLink' },
] as const satisfies readonly { mode: Mode; title: string; link: string }[];

/**
 * /login (SPEC 2.2): password (default), phone code and messaging-app QR, switched by links; 'forgot
 * password' goes to /retrieve. What happens after a successful login is useLoginSuccess.
 */
export default function LoginPage() {
  // The mode lives in the query (?mode=phone|qr): the switches are real links, and Back returns.
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const current = MODES.find((m) => m.mode === search.get('mode')) ?? MODES[0]!;
  const mode = current.mode;
  const forgot = (
    <div className={styles.row}>
      <span />
      <Link to="/retrieve" className={styles.modeLink}>
        {t('login.forgot')}
      </Link>
    </div>
  );
  let body: ReactNode;
  if (mode === 'password') body = <PasswordLogin footer={forgot} />;
  else if (mode === 'phone') body = <PhoneLogin footer={forgot} />;
  else
    body = (
      <Suspense fallback={null}>
        <WechatQrPanel actType={1} tip={t('login.qrTip')} />
      </Suspense>
    );

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.brand}>
          <span className={styles.logo}>{t('common.brandMark')}</span>
          <span>{t('login.brand')}</span>
        </div>
        <div className={styles.slogan}>
          <h2>{t('login.slogan')}</h2>
          <p>{t('login.sloganSub')}</p>
        </div>
        <ul className={styles.points}>
          <li>{t('login.point1')}</li>
          <li>{t('login.point2')}</li>
          <li>{t('login.point3')}</li>
        </ul>
      </section>
      <main className={styles.panel}>
        <div className={styles.card}>
          {/* A plain heading styled like antd's Typography.Title level 3 (login.module.css), which would
              bring Typography's code (ellipsis, copy, edit) to the page for one line of text. */}
          <h3 className={styles.title}>{t('common.productName')}</h3>
          <div className={styles.subtitle}>{t(current.title)}</div>
          {body}
          <div className={styles.modes}>
            {MODES.filter((m) => m.mode !== mode).map((m) => (
              <Link
                key={m.mode}
                to={m.mode === 'password' ? '/login' : `/login?mode=${m.mode}`}
                className={styles.modeLink}
              >
                {t(m.link)}
              </Link>
            ))}
          </div>
        </div>
        <footer className={styles.footer}>{t('login.footer')}</footer>
      </main>
    </div>
  );
}
