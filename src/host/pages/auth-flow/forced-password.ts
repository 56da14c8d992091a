import { useSyncExternalStore } from 'react';

/**
 * The forced password change of a sign-in with a one-time password (issue 20.4): the login flow asks
 * for it and waits; the host's <ForcedPasswordChange /> shows the personal centre's change-password
 * dialog without a way out and settles the wait once the password is changed.
 */
let pending: (() => void) | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Opens the forced dialog; resolves once the password has been changed. */
export function requirePasswordChange(): Promise<void> {
  return new Promise<void>((resolve) => {
    pending = resolve;
    emit();
  });
}

/** Called by the dialog after a successful change: closes it and lets the login flow go on. */
export function passwordChanged(): void {
  const done = pending;
  pending = null;
  emit();
  done?.();
}

export function usePasswordChangeRequired(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending !== null,
  );
}
