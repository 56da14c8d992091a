import AppContext, { type AppConfig, AppConfigContext } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { ConfigContext } from 'antd/es/config-provider/context';
import { type ComponentType, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { reportChunkError, withChunkTimeout } from '../chunk';
import { createDeferredApi, type AppApi } from './deferred-api';

type Holders = ComponentType<{ config: AppConfig; onApi(api: AppApi): void }>;

const loadHolders = () =>
  withChunkTimeout(() => import('./AppHolders'), 'app-holders').then((m) => m.default as Holders);

/**
 * antd's App (message, notification and modal through App.useApp(), the `ant-app` root element and its
 * style) whose message, notification and modal code loads when it is first used, or when the user first
 * presses a key or a pointer, rather than with the first screen (issue 21.6: about 20 KB gzip of /login
 * and /home). Same element, classes and context as antd/es/app/App.js; the toasts and dialogs are
 * antd's own, rendered by its holders (AppHolders) once loaded.
 */
export function LazyApp({ children }: { children: ReactNode }) {
  const { direction, getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(prefixCls);
  const className = [hashId, prefixCls, cssVarCls, direction === 'rtl' ? `${prefixCls}-rtl` : '']
    .filter(Boolean)
    .join(' ');
  const parent = useContext(AppConfigContext);
  const config = useMemo<AppConfig>(
    () => ({ message: { ...parent.message }, notification: { ...parent.notification } }),
    [parent.message, parent.notification],
  );
  const [wanted, setWanted] = useState(false);
  const [deferred] = useState(() => createDeferredApi(() => setWanted(true)));
  const [Holders, setHolders] = useState<Holders | null>(null);

  // The user's first key or pointer press fetches the holders, so a dialog opened then shows at once.
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, once: true, passive: true };
    window.addEventListener('pointerdown', want, options);
    window.addEventListener('keydown', want, options);
    return () => {
      window.removeEventListener('pointerdown', want, options);
      window.removeEventListener('keydown', want, options);
    };
  }, [wanted]);

  useEffect(() => {
    if (!wanted || Holders) return;
    let live = true;
    loadHolders().then(
      (loaded) => live && setHolders(() => loaded),
      (error: unknown) => {
        // A later call asks again; the failure is reported as any chunk's (the new-version dialog).
        if (live) setWanted(false);
        reportChunkError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Holders]);

  return wrapCSSVar(
    <AppContext.Provider value={deferred.api}>
      <AppConfigContext.Provider value={config}>
        <div className={className}>
          {Holders && <Holders config={config} onApi={deferred.attach} />}
          {children}
        </div>
      </AppConfigContext.Provider>
    </AppContext.Provider>,
  );
}
