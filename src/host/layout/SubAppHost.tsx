import useApp from 'antd/es/app/useApp';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Location, useNavigate } from 'react-router-dom';
import { isChunkLoadError } from '@/runtime/chunk';
import { SUB_APP_PREFIX, type SubAppName } from '@/runtime/subapp/apps';
import { classifyNavigation } from '@/runtime/subapp/classify';
import { createLocationSource } from '@/runtime/subapp/location-source';
import { SubAppConfigError } from '@/runtime/subapp/loader';
import { createSubAppManager } from '@/runtime/subapp/manager';
import type { HostBridge } from '@/runtime/subapp/types';
import { t } from '@/i18n';
import { useEffectiveTheme } from '@/runtime/theme';
import { mountWatermark, watermarkText, type Watermark } from '@/runtime/watermark';
import { showChunkErrorDialog } from './chunk-dialog';
import { subAppLoader, tabStateStore } from './shell-state';
import { useShell } from './use-shell';

/** Shown when a sub-app loaded but failed to mount (SPEC leaves the text open). */
/** The catalogue key of the message when a sub-app fails to mount. */
export const SUBAPP_MOUNT_FAILED = 'errors.subAppFailed';

/**
 * The slot where the sub-apps are mounted (SPEC 4). It stays in the layout for the whole session:
 * each navigation is classified; a path of another app unmounts the active one and mounts that one;
 * host pages (shared) only hide the slot. The location is the layout's (use-tabs.ts): one that would
 * open a 21st tab never reaches the sub-app. Owns the watermark, which exists while an app is mounted.
 */
export function SubAppHost({ location, visible }: { location: Location; visible: boolean }) {
  const { profile, routeMeta } = useShell();
  const { message } = useApp();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<SubAppName | null>(null);

  const navigateRef = useRef(navigate);
  const metaRef = useRef(routeMeta);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
    metaRef.current = routeMeta;
  });

  // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; later locations arrive through set()
  const source = useMemo(() => createLocationSource({ ...location }), []);
  useLayoutEffect(() => source.set({ ...location }), [location, source]);

  const manager = useMemo(() => {
    const bridge: HostBridge = {
      location: source,
      navigate: (to, options) =>
        typeof to === 'number' ? navigateRef.current(to) : navigateRef.current(to, options),
      tabState: tabStateStore,
      routeMeta: (path) => metaRef.current(path),
    };
    return createSubAppManager({
      lifecycle: (app) => subAppLoader.lifecycle(app),
      container: () => container.current,
      props: (app) => ({ name: app, basename: SUB_APP_PREFIX[app], host: bridge }),
      onMounted: setActive,
      onUnmounted: () => setActive(null),
      onError(app, error) {
        setActive(null);
        if (isChunkLoadError(error)) showChunkErrorDialog();
        else if (error instanceof SubAppConfigError) void message.error(t('errors.subAppConfigMissing'));
        else {
          console.error(`mount of ${app} failed`, error);
          void message.error(t(SUBAPP_MOUNT_FAILED));
        }
      },
    });
  }, [source, message]);

  useEffect(() => {
    const nav = classifyNavigation(location.pathname, manager.active());
    if (nav.kind !== 'other') return;
    // The map gives tab titles and route meta; it is fetched alongside the app, never blocking it.
    void subAppLoader.map(nav.app).catch(() => undefined);
    void manager.show(nav.app);
  }, [location.pathname, manager]);

  // Leaving the layout (logout, session end) unmounts the app.
  useEffect(() => () => void manager.show(null), [manager]);

  const noWatermark = !!routeMeta(location.pathname)?.noWatermark;
  const text = watermarkText(profile);
  // Redrawn in the other ink when the theme changes (issue 20.6).
  const tone = useEffectiveTheme();
  useEffect(() => {
    if (!active || noWatermark || !text) return;
    const mark: Watermark = mountWatermark(text, document.body, tone);
    return () => mark.destroy();
  }, [active, noWatermark, text, tone]);

  return <div ref={container} data-subapp-container={active ?? ''} hidden={!visible} />;
}
