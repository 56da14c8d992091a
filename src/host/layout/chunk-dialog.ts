import type { ModalFuncProps } from 'antd';
import { t } from '@/i18n';

/** The one method used; both antd's static Modal and App.useApp().modal have it. */
type ConfirmApi = { confirm(config: ModalFuncProps): unknown };

/** antd's static Modal, loaded when needed: the first screen does not carry the modal's code. */
const staticModal: ConfirmApi = {
  confirm: (config) => void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(config)),
};

let modalApi: ConfirmApi = staticModal;
let open = false;

/** The host hands in antd's context-aware modal (ChunkErrorBridge); until then the static one is used. */
export function setChunkDialogModal(api: ConfirmApi): void {
  modalApi = api;
}

/**
 * SPEC 8: 'A new version has been released, refresh now to update?' (NEW_VERSION_TEXT, in the language
 * in effect); OK reloads the page. One dialog
 * however many chunks failed; cancelling lets the user finish what they were typing first.
 */
export function showChunkErrorDialog(): void {
  if (open) return;
  open = true;
  modalApi.confirm({
    title: t('common.hint'),
    content: t('errors.newVersion'),
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    onOk: () => window.location.reload(),
    afterClose: () => {
      open = false;
    },
  });
}
