import { callContract } from '@/runtime/request';
import { clearSession } from '@/runtime/session';
import { logout as logoutCall } from '@/schema/contracts/session';
import { clearTabs } from '@/runtime/tabs';
import { tabStateStore } from './shell-state';

/**
 * SPEC 4 logout: the server is asked to revoke the session, and token, profile, menus, tabs and kept
 * page state are forgotten at once (the request has already taken its token, and a slow or failed
 * revoke must not keep the user in); the caller goes to /login.
 */
export function logout(): Promise<unknown> {
  const revoked = callContract(logoutCall, {}, { silent: true }).catch(() => undefined);
  clearSession();
  clearTabs();
  tabStateStore.clear();
  return revoked;
}
