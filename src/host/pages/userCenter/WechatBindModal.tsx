import { Modal } from 'antd';
import { WechatQrPanel } from '../../components/auth/WechatQrPanel';

/**
 * Bind (action 5) or unbind (action 6) the messaging account by QR (SPEC 2.9). The scan lands on
 * /checkPage, which reports the result and comes back to /userCenter.
 */
export function WechatBindModal({ action, onClose }: { action: 5 | 6 | undefined; onClose: () => void }) {
  return (
    <Modal
      title={action === 6 ? '解绑微信' : '绑定微信'}
      open={action !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={360}
    >
      {action && (
        <WechatQrPanel
          actType={action}
          tip={action === 6 ? '请使用已绑定的微信扫码解绑' : '请使用微信扫码绑定'}
        />
      )}
    </Modal>
  );
}
