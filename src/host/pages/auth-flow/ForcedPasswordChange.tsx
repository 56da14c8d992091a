import { lazy, Suspense } from 'react';
import { passwordChanged, usePasswordChangeRequired } from './forced-password';

// The personal centre's dialog, loaded only when a sign-in needs it.
const ChangePasswordModal = lazy(async () => ({
  default: (await import('../userCenter/ChangePasswordModal')).ChangePasswordModal,
}));

/**
 * Rendered once inside antd's App (HostApp): the change-password dialog a sign-in with a one-time
 * password must pass (requirePasswordChange), forced: no cancel, no close, until the change succeeds.
 */
export function ForcedPasswordChange() {
  const open = usePasswordChangeRequired();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordModal open forced onClose={passwordChanged} />
    </Suspense>
  );
}
