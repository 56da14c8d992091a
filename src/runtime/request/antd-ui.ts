import { Modal, message } from 'antd';
import type { RequestUi } from './ui';

/**
 * The default adapter: antd's static message and Modal.warning, and a full page load for navigation
 * (a session ending should drop every in-memory state of the old session). The host installs it with
 * setRequestUi(createAntdRequestUi()), or passes an App.useApp()-based one to get themed components.
 */
export function createAntdRequestUi(): RequestUi {
  return {
    error: (msg) => {
      void message.error(msg);
    },
    messageBox: ({ title, content, onOk }) => {
      // Only the confirm button may close it: its confirm is what ends the session (SPEC 8, W0013).
      Modal.warning({ title, content, onOk, okText: '确定', keyboard: false, closable: false });
    },
    navigate: (path) => window.location.assign(path),
  };
}
