import { ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router-dom';
import { useAntdLocale } from '@/i18n';
import { LazyApp } from '@/runtime/antd-app/LazyApp';
import { KeptStyles, useAppLook, useDocumentTheme } from '@/runtime/theme';
import { ChunkErrorBridge } from './layout/ChunkErrorBridge';
import { ForcedPasswordChange } from './pages/auth-flow/ForcedPasswordChange';
import { RequestUiBridge } from './RequestUiBridge';
import { HostRoutes } from './router';

/** The document's colours follow the antd theme in effect (it reads the provider's tokens). */
function DocumentTheme() {
  useDocumentTheme();
  return null;
}

/**
 * The host's root: antd's and dayjs's locale in the user's language (Chinese by default, src/i18n),
 * the console's look (light or dark, src/runtime/theme), antd's App context for messages and modals
 * (LazyApp: their code loads when first used), antd's generated styles kept across page switches
 * (KeptStyles).
 *
 * The router renders each navigation as it comes (`useTransitions={false}`), not as a React
 * transition: transitions coalesce, so two quick Backs could reach the layout as one, and the tab
 * gate (layout/use-tabs.ts) would take a refused address back to a page older than the one the
 * first Back led to. A lazy host page shows its loading state meanwhile instead of keeping the last.
 */
export function HostApp() {
  const look = useAppLook();
  const locale = useAntdLocale();
  return (
    <KeptStyles>
      <ConfigProvider locale={locale} {...look}>
        <DocumentTheme />
        <LazyApp>
          <BrowserRouter useTransitions={false}>
            <RequestUiBridge />
            <ChunkErrorBridge />
            <HostRoutes />
            <ForcedPasswordChange />
          </BrowserRouter>
        </LazyApp>
      </ConfigProvider>
    </KeptStyles>
  );
}
