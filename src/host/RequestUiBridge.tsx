import useApp from 'antd/es/app/useApp';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '@/i18n';
import { setRequestUi } from '@/runtime/request/ui';

/**
 * Hands the request layer antd's context-aware message and modal (themed, localised) and the router's
 * navigation. Rendered once inside <AntdApp> and the router; it renders nothing.
 */
export function RequestUiBridge() {
  const { message, modal } = useApp();
  const navigate = useNavigate();
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
      navigate: (path) => void navigate(path),
    });
  }, [message, modal, navigate]);
  return null;
}
