import { clearProfile } from './profile';
import { clearToken } from './token';

export {
  clearProfile,
  DEFAULT_SYSTEM_ID,
  getMenus,
  getProfile,
  MENUS_KEY,
  type PermissionEntry,
  type PowerControlEntry,
  PROFILE_KEY,
  type Profile,
  type ProfileInput,
  setMenus,
  setProfile,
  updateProfile,
} from './profile';
export { clearToken, getToken, setToken, TOKEN_KEY } from './token';

/** Forgets everything the browser keeps about the signed-in user: token, profile and menus. */
export function clearSession(): void {
  clearToken();
  clearProfile();
}
