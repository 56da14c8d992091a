import { ConfigProvider, Spin } from 'antd';
import {
  createContext,
  Fragment,
  Suspense,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { LazyApp } from '../antd-app/LazyApp';
import { ChunkErrorBoundary } from '../chunk/ChunkErrorBoundary';
import { createTabStateStore } from '../tabs/tab-state';
import { type TabScope, TabScopeContext } from '../tabs/use-tab-state';
import { appOfPath } from './apps';
import { HostDrivenRouter } from './host-router';
import { useAntdLocale } from '@/i18n';
import { KeptStyles, useAppLook } from '../theme';
import type { HostBridge, SubAppProps } from './types';

const SubAppContext = createContext<SubAppProps | null>(null);

/** The props the host mounted this sub-app with. */
export function useSubApp(): SubAppProps {
  const props = useContext(SubAppContext);
  if (!props) throw new Error('useSubApp outside a sub-app');
  return props;
}

/**
 * Navigation to a full path ('/dacang/home'), also into the other sub-app: through the host when
 * mounted, by a page load when the sub-app runs on its own.
 */
export function useHostNavigate(): (path: string) => void {
  const { host } = useSubApp();
  return (path) => (host ? host.navigate(path) : window.location.assign(path));
}

/**
 * The app's pages under its prefix. The router has no basename: paths are the console's full paths,
 * so a host page shown inside the app (the personal centre) navigates to host paths as it would
 * in the host.
 */
function Pages({ routes }: { routes: RouteObject[] }) {
  const props = useSubApp();
  const { pathname: path } = useLocation();
  const [ownStore] = useState(createTabStateStore);
  const ignoreCache = !!props.host?.routeMeta(path)?.ignoreCache;
  const store = props.host?.tabState ?? ownStore;
  const scope = useMemo<TabScope>(() => ({ store, path, ignoreCache }), [store, path, ignoreCache]);
  const tree = useMemo(() => [{ path: props.basename, children: routes }], [props.basename, routes]);
  const element = useRoutes(tree);
  return (
    <TabScopeContext.Provider value={scope}>
      {/* One page instance per path: a new path (even on the same route) starts from its own state. */}
      <Fragment key={path.toLowerCase()}>
        <ChunkErrorBoundary>
          <Suspense
            fallback={
              <div style={{ padding: 48, textAlign: 'center' }}>
                <Spin />
              </div>
            }
          >
            {element}
          </Suspense>
        </ChunkErrorBoundary>
      </Fragment>
    </TabScopeContext.Provider>
  );
}

/** Renders the pages only while the host's location is inside this app (host pages leave it idle). */
function HostPages({ props, host, routes }: { props: SubAppProps; host: HostBridge; routes: RouteObject[] }) {
  const { pathname } = useSyncExternalStore(host.location.subscribe, host.location.get);
  if (appOfPath(pathname) !== props.name) return null;
  return (
    <HostDrivenRouter host={host}>
      <Pages routes={routes} />
    </HostDrivenRouter>
  );
}

/**
 * The root every sub-app renders (mounted by the host, or on its own in development): antd in the
 * user's language with the console's theme (light or dark) and its kept styles, the router (the
 * host's, or a browser router of its own), and a tab scope around the pages so useTabState keeps their
 * state per tab.
 */
export function SubAppRoot({ props, routes }: { props: SubAppProps; routes: RouteObject[] }) {
  const { host } = props;
  const look = useAppLook();
  const locale = useAntdLocale();
  return (
    <KeptStyles>
      <ConfigProvider locale={locale} {...look}>
        <LazyApp>
          <SubAppContext.Provider value={props}>
            <div data-subapp={props.name}>
              {host ? (
                <HostPages props={props} host={host} routes={routes} />
              ) : (
                <BrowserRouter>
                  <Pages routes={routes} />
                </BrowserRouter>
              )}
            </div>
          </SubAppContext.Provider>
        </LazyApp>
      </ConfigProvider>
    </KeptStyles>
  );
}
