import { Modal } from 'antd';
import { WechatQrPanel } from '../../components/auth/WechatQrPanel';
import { useTranslation } from '@/i18n';

/**
 * Bind (action 5) or unbind (action 6) the messaging account by QR (SPEC 2.9). The scan lands on
 * /checkPage, which reports the result and comes back to /userCenter.
 */
export function WechatBindModal({ action, onClose }: { action: 5 | 6 | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={action === 6 ? t('userCenter.unbindWechat') : t('userCenter.bindWechat')}
      open={action !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={360}
    >
      {action && (
        <WechatQrPanel
          actType={action}
          tip={action === 6 ? t('userCenter.unbindWechatTip') : t('userCenter.bindWechatTip')}
        />
      )}
    </Modal>
  );
}
