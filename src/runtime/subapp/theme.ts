import type { ThemeConfig } from 'antd';

/** The console's antd theme: the host and both sub-apps render with it, so they look like one product. */
export const APP_THEME: ThemeConfig = { token: { colorPrimary: '#1f9d55' } };
