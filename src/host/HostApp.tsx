import { App as AntdApp, ConfigProvider } from 'antd';
// The ES build: under Vite 8 the default import of 'antd/locale/zh_CN' (CommonJS) loses its texts.
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router-dom';
import { useAppLook } from '@/runtime/theme';
import { ChunkErrorBridge } from './layout/ChunkErrorBridge';
import { ForcedPasswordChange } from './pages/auth-flow/ForcedPasswordChange';
import { RequestUiBridge } from './RequestUiBridge';
import { router } from './router';

dayjs.locale('zh-cn');

/**
 * The host's root: Chinese locale for antd and dayjs, the console's look, antd's App context for messages
 * and modals.
 */
export function HostApp() {
  const look = useAppLook();
  return (
    <ConfigProvider locale={zhCN} {...look}>
      <AntdApp>
        <RequestUiBridge />
        <ChunkErrorBridge />
        <RouterProvider router={router} />
        <ForcedPasswordChange />
      </AntdApp>
    </ConfigProvider>
  );
}
