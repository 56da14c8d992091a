import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useState } from 'react';
import { t as text, useTranslation } from '@/i18n';
import { loadClientConfig } from '@/runtime/request';
import { fetchWechatQr } from './wechat-api';
import styles from './qr.module.css';

/** The server keeps a QR state for 5 minutes (server/services/wechat.ts WECHAT_STATE_TTL_MS). */
const QR_LIFETIME_MS = 5 * 60_000;

type State =
  { kind: 'loading' } | { kind: 'error'; msg: string } | { kind: 'ready'; url: string; expired: boolean };

interface Props {
  /** SPEC 2.5: 1 login, 4 identity check, 5 bind, 6 unbind. */
  actType: 1 | 4 | 5 | 6;
  tip: string;
  size?: number;
}

/**
 * A messaging-app QR code (SPEC 2.2, 2.7, 2.9). The code points at the provider's authorize page; once
 * the user confirms on the phone, the provider sends the browser to /checkPage with code and state. In
 * demo mode the provider is a local page, which a link beside the code opens in this browser.
 */
export function WechatQrPanel({ actType, tip, size = 180 }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [demo, setDemo] = useState(false);
  const { t } = useTranslation();

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    fetchWechatQr(actType)
      .then(({ authorizeUrl }) => {
        setState({ kind: 'ready', url: new URL(authorizeUrl, window.location.origin).href, expired: false });
      })
      .catch((error: { msg?: string }) =>
        setState({ kind: 'error', msg: error.msg || text('authParts.qrFailed') }),
      );
  }, [actType]);

  useEffect(() => {
    load();
    loadClientConfig()
      .then((config) => setDemo(config.demo))
      .catch(() => undefined);
  }, [load]);

  useEffect(() => {
    if (state.kind !== 'ready' || state.expired) return;
    const timer = setTimeout(() => setState({ ...state, expired: true }), QR_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div className={styles.panel} data-testid="wechat-qr">
      <div className={styles.code} style={{ width: size + 24, height: size + 24 }}>
        {state.kind === 'loading' && <Spin />}
        {state.kind === 'error' && (
          <div className={styles.overlay}>
            <Typography.Text type="danger">{state.msg}</Typography.Text>
            <Button size="small" icon={<ReloadOutlined />} onClick={load}>
              {t('authParts.qrRetry')}
            </Button>
          </div>
        )}
        {state.kind === 'ready' && (
          <>
            <QRCodeSVG value={state.url} size={size} marginSize={0} />
            {state.expired && (
              <div className={styles.overlay}>
                <Typography.Text>{t('authParts.qrExpired')}</Typography.Text>
                <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={load}>
                  {t('authParts.qrRefresh')}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <div className={styles.tip}>
        <WechatOutlined className={styles.wechat} /> {tip}
      </div>
      {demo && state.kind === 'ready' && !state.expired && (
        <a className={styles.demo} href={state.url}>
          {t('authParts.qrDemo')}
        </a>
      )}
    </div>
  );
}
