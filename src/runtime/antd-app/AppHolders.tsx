import type { AppConfig } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useLayoutEffect } from 'react';
import type { AppApi } from './deferred-api';

/**
 * What antd's App renders besides its children: the holders of message, notification and modal, with
 * their hook APIs (antd/es/app/App.js), handed to LazyApp once mounted. A chunk of its own (issue 21.6).
 */
export default function AppHolders({ config, onApi }: { config: AppConfig; onApi(api: AppApi): void }) {
  const [message, messageHolder] = useMessage(config.message);
  const [notification, notificationHolder] = useNotification(config.notification);
  const [modal, modalHolder] = useModal();
  // A layout effect: the holders' refs are set by then, so a queued call is shown at once.
  useLayoutEffect(() => onApi({ message, notification, modal }), [message, notification, modal, onApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
