import useApp from 'antd/es/app/useApp';
import { useEffect } from 'react';
import { t } from '@/i18n';
import { setRequestUi } from '@/runtime/request/ui';
import { router } from './router';

/**
 * Hands the request layer antd's context-aware message and modal (themed, localised) and the router's
 * navigation. Rendered once inside <AntdApp>; it renders nothing.
 */
export function RequestUiBridge() {
  const { message, modal } = useApp();
  useEffect(() => {
    setRequestUi({
      error: (msg) => void message.error(msg),
      // Only the confirm button closes it: confirming is what ends the session (SPEC 8, W0013).
      messageBox: ({ title, content, onOk }) =>
        void modal.warning({
          title,
          content,
          onOk,
          okText: t('common.ok'),
          keyboard: false,
          closable: false,
        }),
      navigate: (path) => void router.navigate(path),
    });
  }, [message, modal]);
  return null;
}
