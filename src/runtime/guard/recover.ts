import type { DataOf } from '@/schema/contracts/define';
import { userInfo } from '@/schema/contracts/session';
import { type PermissionEntry, type Profile, setMenus, setProfile } from '../session';
import { hasUser } from './decide';

/** Where the guard recovers a missing user (server/routes/auth/org.ts: the profile of this session). */
export const USER_INFO_PATH = userInfo.path;

/**
 * Asks the server for the signed-in user's profile and stores it (profile and menus). Resolves with the
 * profile, or undefined when the server had none (no session, no organisation chosen, a network failure).
 * Nothing is shown here: the guard shows its own message, so the call takes the raw envelope
 * (`noIntercept`, which a contract call does not offer), typed by the same contract.
 */
export async function recoverProfile(): Promise<Profile | undefined> {
  try {
    // The request layer is loaded here, not with the guard: the sign-in pages do not need it.
    const { api } = await import('../request');
    const envelope = await api.post<DataOf<typeof userInfo>>(userInfo.path, {}, { noIntercept: true });
    if (!envelope.result.success || !hasUser(envelope.data)) return undefined;
    setMenus(envelope.data.permissions as PermissionEntry[]);
    return setProfile(envelope.data);
  } catch {
    return undefined;
  }
}
